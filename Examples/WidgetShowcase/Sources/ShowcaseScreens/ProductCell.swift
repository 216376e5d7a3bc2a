import PanelKit

/// A row of the products list.
final class ProductCell: ListCell {
    let picture = ImageView(frame: Rect(x: 16, y: 4, width: 56, height: 56))
    let name = Style.label("", frame: Rect(x: 84, y: 10, width: 180, height: 22))
    let category = Style.caption("", frame: Rect(x: 84, y: 32, width: 180, height: 22))
    let price = Style.label("", frame: Rect(x: 270, y: 10, width: 76, height: 22))

    required init(reuseIdentifier: String) {
        super.init(reuseIdentifier: reuseIdentifier)
        price.textAlignment = .right
        for view in [picture, name, category, price] { addSubview(view) }
    }

    /// The row speaks for its labels: "Blue jeans, Clothes, $722".
    override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = [name.text, category.text, price.text].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return description
    }
}
