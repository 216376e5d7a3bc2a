/// What Auto Layout keeps for one view; made the first time the view uses it, so a view laid
/// out by frames carries one empty reference.
@MainActor
final class AutoLayoutState {
    var translatesAutoresizingMaskIntoConstraints = true
    /// The constraints installed on this view (it is their items' nearest common ancestor).
    var installed: [LayoutConstraint] = []
    /// The view's variables in its window's engine.
    var node: LayoutNode?
    var hugging = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    var compression = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)
    var directionalLayoutMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    var insetsLayoutMarginsFromSafeArea = true
    var guides: [LayoutGuide] = []
    var safeAreaGuide: LayoutGuide?
    var marginsGuide: LayoutGuide?
    var needsUpdateConstraints = false
    /// Whether a layout problem with the view has been reported (each view's once).
    var wasReported = false
}

extension View {
    /// The view's Auto Layout state, made on first use.
    var autoLayoutState: AutoLayoutState {
        if let autoLayout { return autoLayout }
        let state = AutoLayoutState()
        autoLayout = state
        return state
    }
}
