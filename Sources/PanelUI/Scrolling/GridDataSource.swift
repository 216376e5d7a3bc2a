/// Where a ``GridView`` gets its items: UIKit's `UICollectionViewDataSource` (one section).
@MainActor
public protocol GridDataSource: AnyObject {
    /// How many items the grid has.
    func numberOfItems(in grid: GridView) -> Int
    /// The cell for item `index`: usually ``GridView/dequeueReusableCell(withIdentifier:for:)``,
    /// filled in.
    func grid(_ grid: GridView, cellForItemAt index: Int) -> GridCell
}

/// What a ``GridView`` tells its delegate. Every method has a default.
@MainActor
public protocol GridDelegate: AnyObject {
    /// A tap selected item `index`.
    func grid(_ grid: GridView, didSelectItemAt index: Int)
}

extension GridDelegate {
    /// Default: a selection does nothing.
    public func grid(_ grid: GridView, didSelectItemAt index: Int) {}
}
