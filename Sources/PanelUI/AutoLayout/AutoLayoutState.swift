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
    /// The constraints naming the view.
    var naming: [ObjectIdentifier: NamingConstraint] = [:]

    /// The view is being deinitialised: the constraints naming it forget it, those installed on
    /// it are deactivated, and its guides lose their owner.
    func viewIsGoing(_ view: View) {
        let naming = self.naming
        self.naming.removeAll()
        for entry in naming.values { entry.constraint.itemIsGoing(view) }
        let installed = self.installed
        self.installed.removeAll()
        for constraint in installed {
            constraint.engine?.remove(constraint)
            constraint.installedOn = nil
            constraint.installedIndex = -1
        }
        for guide in guides + [safeAreaGuide, marginsGuide].compactMap({ $0 }) { guide.owningView = nil }
    }
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
