public import PanelKit

/// A white card with a thin border, a soft shadow and a title: LVGL's panels in the demo. It is placed by
/// constraints; its content goes inside its layout margins (below the title), and the card is
/// as tall as that content needs.
public final class Card: View {
    /// The title at the top left.
    public let titleLabel = Label()
    /// Where the title starts: the card's leading margin, unless a card moves it.
    public private(set) var titleLeading: LayoutConstraint!

    public init(title: String) {
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
        backgroundColor = .white
        cornerRadius = 10
        borderWidth = 2
        borderColor = Style.border
        Style.castShadow(on: self, opacity: 0.08, radius: 2, offset: 2)
        directionalLayoutMargins = DirectionalEdgeInsets(top: 58, leading: 16, bottom: 18, trailing: 16)
        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        titleLabel.text = title
        titleLabel.font = .title
        addSubview(titleLabel)
        titleLeading = titleLabel.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor)
        // As short as its content allows (the content holds the bottom margin with ≥).
        let short = heightAnchor.constraint(equalToConstant: 0)
        short.priority = .fittingSizeLevel
        LayoutConstraint.activate([
            titleLabel.topAnchor.constraint(equalTo: topAnchor, constant: 14), titleLeading,
            titleLabel.trailingAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.trailingAnchor), short,
        ])
    }

    public convenience override init(frame: Rect) { self.init(title: "") }

    /// Adds `views` to the card, placed by constraints.
    public func add(_ views: View...) {
        for view in views {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
    }

    /// Holds the card's bottom margin below `view`: the card grows to take it in.
    public func ends(below view: View) -> LayoutConstraint {
        layoutMarginsGuide.bottomAnchor.constraint(greaterThanOrEqualTo: view.bottomAnchor)
    }
}
