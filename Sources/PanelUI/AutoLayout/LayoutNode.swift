internal import PanelLayout

/// An item's variables in an engine (its position in its parent's coordinates and its size),
/// and the constraints the engine adds for it: its frame while it is placed by frames, its
/// intrinsic size while constraints place it, a built-in guide's insets.
@MainActor
final class LayoutNode {
    /// The engine, cleared when it goes (LayoutEngine's deinit): unowned and unchecked, as
    /// every frame change of a view in it reads this.
    unowned(unsafe) var engine: LayoutEngine?
    /// The item: unowned and unchecked (for the view's sake, as LayoutConstraint's items); an
    /// item leaves its engine before it can go (``LayoutEngine/release(_:)``).
    unowned(unsafe) var item: (any LayoutItem)?
    let left: LayoutVariable
    let top: LayoutVariable
    let width: LayoutVariable
    let height: LayoutVariable
    /// left, top, width, height equal to the frame (a view placed by frames).
    var frameIDs: [LayoutConstraintID] = []
    /// Width ≥ and ≤ the intrinsic width, height ≥ and ≤ the intrinsic height (those that apply).
    var intrinsicIDs: [LayoutConstraintID] = []
    var intrinsicSize = Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    /// left, top, width, height from the owning view's insets (a safe area or margins guide).
    var guideIDs: [LayoutConstraintID] = []
    var guideInsets = EdgeInsets.zero

    init(engine: LayoutEngine, item: any LayoutItem, solver: LayoutSolver) {
        self.engine = engine
        self.item = item
        left = solver.makeVariable()
        top = solver.makeVariable()
        width = solver.makeVariable()
        height = solver.makeVariable()
    }

    var variables: [LayoutVariable] { [left, top, width, height] }
}
