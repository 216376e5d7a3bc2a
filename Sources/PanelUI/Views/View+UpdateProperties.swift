/// UIKit 26's property-update pass: before layout in each turn, the views (and their
/// controllers) that asked for it update the properties of their subviews from the app's
/// models. `@Observable` properties read in ``View/updateProperties()`` are tracked, so a view
/// bound to a model updates when, and only when, what it read changes.
extension View {
    /// Asks for ``updateProperties()`` at the next update pass (in this turn or the next, before
    /// layout).
    public func setNeedsUpdateProperties() {
        guard !needsUpdateProperties else { return }
        needsUpdateProperties = true
        superview?.markSubtreeForPropertyUpdate()
    }

    /// Sets the flag that leads the update pass down to this view's descendants, up the chain.
    func markSubtreeForPropertyUpdate() {
        var ancestor: View? = self
        while let view = ancestor, !view.subtreeNeedsUpdateProperties {
            view.subtreeNeedsUpdateProperties = true
            ancestor = view.superview
        }
    }

    /// Runs ``updateProperties()`` now where it is pending, in this view and its subviews.
    public func updatePropertiesIfNeeded() {
        guard needsUpdateProperties || subtreeNeedsUpdateProperties else { return }
        subtreeNeedsUpdateProperties = false
        if needsUpdateProperties {
            needsUpdateProperties = false
            let controller = viewController
            observing(.updateProperties) {
                controller?.updateProperties()
                updateProperties()
            }
        }
        var index = 0
        while index < subviews.count {
            subviews[index].updatePropertiesIfNeeded()
            index += 1
        }
    }
}

extension ViewController {
    /// Asks for ``updateProperties()`` at the next update pass.
    public func setNeedsUpdateProperties() {
        guard isViewLoaded else { return }
        view.setNeedsUpdateProperties()
    }

    /// Runs the pending update pass of the view's tree now.
    public func updatePropertiesIfNeeded() {
        guard isViewLoaded else { return }
        view.updatePropertiesIfNeeded()
    }
}
