internal import PanelLayout

/// The layout audit: what a screen shows that does not fit it. Part of the accessibility audit
/// (``Window/accessibilityAudit()``, `panelctl a11y-audit`, an app's `--a11y-audit`), so every
/// example's session is checked on each board it runs on.
extension Window {
    /// Every layout problem the window shows now: views whose constraints leave their place or
    /// size open, elements that cover each other, reach past the screen's edge or into its
    /// unusable edges, and labels whose text is cut off (in a scroll view too). Hidden views
    /// are not looked at, nor where what a scroll view clips lies (it scrolls into view).
    public func layoutAudit() -> [AccessibilityAuditFinding] {
        var findings: [AccessibilityAuditFinding] = []
        let root = accessibilityModalView() ?? self
        let safe = bounds.inset(by: screenSafeAreaInsets)
        var placed: [(view: View, frame: Rect)] = []
        for element in accessibilityReadingOrder() {
            let frame = element.convert(element.bounds, to: self)
            guard frame.width > 0, frame.height > 0, !Self.isInsideScrollView(element) else { continue }
            placed.append((element, frame))
            let name = Self.name(of: element)
            if !bounds.insetBy(dx: -0.5, dy: -0.5).contains(frame) {
                findings.append(
                    .init(
                        kind: .offScreen, element: name, frame: frame,
                        detail:
                            "reaches past the screen (\(Int(bounds.width))×\(Int(bounds.height))): lay it out from the screen's size, not fixed coordinates",
                        view: ObjectIdentifier(element)))
            } else if screenSafeAreaInsets != .zero, !safe.insetBy(dx: -0.5, dy: -0.5).contains(frame) {
                findings.append(
                    .init(
                        kind: .outsideSafeArea, element: name, frame: frame, detail: "lies in the screen's unusable edges: constrain it to safeAreaLayoutGuide",
                        view: ObjectIdentifier(element)))
            }
        }
        for first in placed.indices {
            for second in placed.indices where second > first {
                let (a, b) = (placed[first], placed[second])
                guard !a.view.isDescendant(of: b.view), !b.view.isDescendant(of: a.view) else { continue }
                let shared = a.frame.intersection(b.frame)
                // A point of overlap is rounding (neighbours of fractional widths), not a problem.
                guard shared.width > 1, shared.height > 1 else { continue }
                findings.append(
                    .init(
                        kind: .overlap, element: "\(Self.name(of: a.view)) and \(Self.name(of: b.view))", frame: shared,
                        detail: "cover each other by \(Int(shared.width))×\(Int(shared.height)) points: give each its own room",
                        view: ObjectIdentifier(b.view)))
            }
        }
        // Text is cut off by its label's width wherever the label is, in a scroll view too.
        visitShown(root) { view in
            guard let label = view as? Label, label.numberOfLines == 1, let text = label.text, !text.isEmpty else { return }
            let needed = label.intrinsicContentSize
            // Wider than its bounds, the text ends in "…"; shorter than the font's size, the
            // glyphs lose their tops or bottoms (a line's spacing above and below them may go).
            let glyphHeight = Double(label.scaledFont(label.font).size)
            guard needed.width > label.bounds.width + 0.5 || glyphHeight > label.bounds.height + 0.5 else { return }
            findings.append(
                .init(
                    kind: .clippedText, element: Self.name(of: label), frame: label.convert(label.bounds, to: self),
                    detail:
                        "needs \(Int(needed.width.rounded(.up)))×\(Int(needed.height.rounded(.up))) points, has \(Int(label.bounds.width))×\(Int(label.bounds.height)): give it room, or let it wrap",
                    view: ObjectIdentifier(label)))
        }
        for view in layoutEngineStorage?.ambiguousViews() ?? [] where !view.isHidden {
            findings.append(
                .init(
                    kind: .ambiguousLayout, element: Self.name(of: view), frame: view.convert(view.bounds, to: self),
                    detail: "its constraints leave its place or size open: add the missing edge, size or centre constraint",
                    view: ObjectIdentifier(view)))
        }
        return findings
    }

    /// Whether a scroll view clips the view (its content scrolls into view).
    private static func isInsideScrollView(_ view: View) -> Bool {
        var ancestor = view.superview
        while let current = ancestor {
            if current is ScrollView { return true }
            ancestor = current.superview
        }
        return false
    }

    /// Calls `visit` for each shown view under `root` (not hidden, not transparent), in scroll
    /// views too.
    private func visitShown(_ root: View, _ visit: (View) -> Void) {
        guard root === self || (!root.isHidden && root.alpha > 0) else { return }
        visit(root)
        for subview in root.subviews { visitShown(subview, visit) }
    }
}

extension LayoutEngine {
    /// The views constraints place whose place or size they leave open.
    func ambiguousViews() -> [View] {
        var views: [View] = []
        for (_, node) in nodesByItem {
            guard let view = node.item as? View, !view.translatesAutoresizingMaskIntoConstraints else { continue }
            if !node.variables.allSatisfy(solver.isDetermined) { views.append(view) }
        }
        return views
    }
}
