/// One item of a ``GridView``: UIKit's `UICollectionViewCell`. It has a centred
/// ``ReusableCell/textLabel``, rounded corners, and a highlight while a finger is on it and a
/// selection colour while it is selected. Subclass it for other content (a machine tile with
/// its status light), and reset what an item set in ``ReusableCell/prepareForReuse()``.
@MainActor
open class GridCell: ReusableCell {
    /// The item the cell shows (set by the grid).
    public internal(set) var index = 0

    /// A cell for the grid to reuse under `reuseIdentifier`.
    public required init(reuseIdentifier: String) {
        super.init(reuseIdentifier: reuseIdentifier, frame: Rect(x: 0, y: 0, width: 120, height: 120))
        cornerRadius = 10
        textLabel.textAlignment = .center
    }

    /// The label fills the cell, inset 8 points.
    open override func layoutSubviews() {
        let b = bounds
        textLabel.frame = Rect(x: 8, y: 8, width: max(b.width - 16, 0), height: max(b.height - 16, 0))
    }

    override func tapped() {
        (superview as? GridView)?.itemTapped(self)
    }
}
