import PanelKit

/// A row of the products list.
final class ProductCell: ListCell {
    let picture = ImageView(frame: .zero)
    let name = Style.label("")
    let category = Style.caption("")
    let price = Style.label("")

    required init(reuseIdentifier: String) {
        super.init(reuseIdentifier: reuseIdentifier)
        price.textAlignment = .right
        picture.translatesAutoresizingMaskIntoConstraints = false
        for view in [picture, name, category, price] { addSubview(view) }
        // The picture at the leading edge, the name over the category beside it, the price at
        // the trailing edge: a row of any width.
        LayoutConstraint.activate([
            picture.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            picture.centerYAnchor.constraint(equalTo: centerYAnchor),
            picture.widthAnchor.constraint(equalToConstant: 56), picture.heightAnchor.constraint(equalToConstant: 56),
            name.leadingAnchor.constraint(equalTo: picture.trailingAnchor, constant: 12),
            name.topAnchor.constraint(equalTo: topAnchor, constant: 10),
            name.trailingAnchor.constraint(lessThanOrEqualTo: price.leadingAnchor, constant: -8),
            category.leadingAnchor.constraint(equalTo: name.leadingAnchor),
            category.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 2),
            price.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
            price.firstBaselineAnchor.constraint(equalTo: name.firstBaselineAnchor),
        ])
    }

    /// The row speaks for its labels: "Blue jeans, Clothes, $722".
    override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = [name.text, category.text, price.text].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return description
    }
}
