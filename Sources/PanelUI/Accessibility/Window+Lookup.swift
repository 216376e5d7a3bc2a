/// Finding what the screen shows by name, as XCUITest finds `app.buttons["Pay"]`: for session
/// scripts and tests. The search covers the alert or sheet that is up (a modal view), as a
/// screen reader reads it only, else the whole window; hidden and transparent views are left
/// out with everything in them.
extension Window {
    /// The views whose accessibility label is `label` (a button's title, a field's placeholder,
    /// a label's text), and the parts so labelled of views that have parts (a segment:
    /// ``AccessibilityParts``), each with its frame in window coordinates, in tree order.
    public func elements(labelled label: String) -> [(view: View, frame: Rect)] {
        var found: [(view: View, frame: Rect)] = []
        visitShown(accessibilityModalView() ?? self) { view in
            if view.accessibilityLabel == label { found.append((view, view.convert(view.bounds, to: nil))) }
            if let parts = view as? AccessibilityParts {
                for part in parts.accessibilityParts where part.label == label { found.append((view, view.convert(part.frame, to: nil))) }
            }
        }
        return found
    }

    /// The views whose ``View/accessibilityIdentifier`` is `identifier`, in tree order.
    public func views(identifiedBy identifier: String) -> [View] {
        var found: [View] = []
        visitShown(accessibilityModalView() ?? self) { view in
            if view.accessibilityIdentifier == identifier { found.append(view) }
        }
        return found
    }

    private func visitShown(_ view: View, _ body: (View) -> Void) {
        guard !view.isHidden, view.alpha >= 0.01 else { return }
        body(view)
        for subview in view.subviews { visitShown(subview, body) }
    }
}
