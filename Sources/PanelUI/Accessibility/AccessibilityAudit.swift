public import PanelCore
import PanelGraphics

/// One problem the accessibility audit found: what, where, and by how much.
public struct AccessibilityAuditFinding: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem the audit looks for.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A control a screen reader reaches but cannot name: no label (a text input's
        /// placeholder counts as its label).
        case unlabelled = "unlabelled control"
        /// A control smaller than ``Window/minimumTouchTarget`` points in width or height.
        case smallTarget = "small touch target"
        /// Text whose contrast with what is behind it is under WCAG 2's minimum: 4.5:1, or
        /// 3:1 for large text (``Window/largeTextPixelSize`` px and up).
        case lowContrast = "low text contrast"
        /// A control a finger can operate that a screen reader never reaches: it is not in the
        /// reading order, nor inside an element that is.
        case unreachable = "unreachable control"
        /// A view placed by constraints that do not fix its place or size (Window+LayoutAudit.swift).
        case ambiguousLayout = "ambiguous layout"
        /// Two elements that cover each other.
        case overlap = "overlapping elements"
        /// An element that reaches past the edge of the screen (not inside a scroll view).
        case offScreen = "off screen"
        /// An element in the screen's unusable edges (``Window/screenSafeAreaInsets``).
        case outsideSafeArea = "outside the safe area"
        /// A label whose text does not fit: it is cut off or ends in "…".
        case clippedText = "text cut off"
    }

    /// What is wrong.
    public var kind: Kind
    /// The view, named by its type and what it shows: `Button "OK"`.
    public var element: String
    /// Where the view is, in window points.
    public var frame: Rect
    /// The measurement and the fix: "3.6:1 (#ffffffff on #34c759ff), under 4.5:1".
    public var detail: String
    /// Which view it is (the same view found again, moved or changed, has the same identity).
    public var view: ObjectIdentifier?

    /// A finding.
    public init(kind: Kind, element: String, frame: Rect, detail: String, view: ObjectIdentifier? = nil) {
        self.kind = kind
        self.element = element
        self.frame = frame
        self.detail = detail
        self.view = view
    }

    /// One line: `small touch target: Button "x" at (10, 20) 30×30: …`.
    public var description: String {
        "\(kind.rawValue): \(element) at (\(Int(frame.minX)), \(Int(frame.minY))) \(Int(frame.width))×\(Int(frame.height)): \(detail)"
    }
}

/// The accessibility audit of what a window shows now: controls without a name, touch targets
/// too small, text too faint, and controls a screen reader cannot reach. `panelctl a11y-audit`
/// and an app's `--a11y-audit` run it over a headless session.
extension Window {
    /// The smallest comfortable touch target, in points, each way (Apple's and WCAG 2.5.5's 44).
    public static let minimumTouchTarget = 44.0
    /// WCAG 2's minimum contrast for text (1.4.3, level AA).
    public static let minimumTextContrast = 4.5
    /// WCAG 2's minimum contrast for large text.
    public static let minimumLargeTextContrast = 3.0
    /// The pixel size from which text is large (WCAG's 18 pt at 96 px per inch, rounded).
    public static let largeTextPixelSize = 24

    /// Every problem the window shows now, in reading order and then tree order. A disabled
    /// control is exempt from the contrast and size checks (WCAG exempts inactive controls);
    /// hidden views and what a modal view covers are not looked at.
    public func accessibilityAudit() -> [AccessibilityAuditFinding] {
        var findings: [AccessibilityAuditFinding] = []
        let order = accessibilityReadingOrder()
        let reached = Set(order.map(ObjectIdentifier.init))
        for element in order where Self.isOperable(element) {
            let frame = element.convert(element.bounds, to: self)
            let target = (element as? Control).map { $0.convert($0.touchTargetBounds, to: self) } ?? frame
            if !Self.isNamed(element) {
                findings.append(
                    .init(
                        kind: .unlabelled, element: Self.name(of: element), frame: frame, detail: "set accessibilityLabel to what it is or does",
                        view: ObjectIdentifier(element)))
            }
            if !element.accessibilityTraits.contains(.notEnabled),
                target.width < Self.minimumTouchTarget - 0.5 || target.height < Self.minimumTouchTarget - 0.5
            {
                findings.append(
                    .init(
                        kind: .smallTarget, element: Self.name(of: element), frame: target,
                        detail:
                            "touched in \(Int(target.width))×\(Int(target.height)), under \(Int(Self.minimumTouchTarget))×\(Int(Self.minimumTouchTarget)) points; make it (or a control's minimumTouchTarget) larger",
                        view: ObjectIdentifier(element)))
            }
        }
        let root = accessibilityModalView() ?? self
        walkVisible(root) { view, insideElement, touchable in
            if touchable, let control = view as? Control, control.isEnabled, !insideElement, !reached.contains(ObjectIdentifier(view)) {
                findings.append(
                    .init(
                        kind: .unreachable, element: Self.name(of: control), frame: control.convert(control.bounds, to: self),
                        detail: "no screen reader reaches it: make it an element, or list it in its container's accessibilityElements",
                        view: ObjectIdentifier(control)))
            }
            guard let texts = (view as? DrawsText)?.drawnText, !texts.isEmpty, !view.accessibilityTraits.contains(.notEnabled) else { return }
            let frame = view.convert(view.bounds, to: self)
            let underneath = background(behind: view, at: frame.center)
            let alpha = cumulativeAlpha(of: view)
            for text in texts {
                let behind = text.background.map { $0.composited(over: underneath) } ?? underneath
                let shown = text.color.withAlphaComponent(Double(text.color.alpha) / 255 * alpha).composited(over: behind)
                let ratio = shown.contrastRatio(with: behind)
                let minimum = text.pixelSize >= Self.largeTextPixelSize ? Self.minimumLargeTextContrast : Self.minimumTextContrast
                guard ratio < minimum else { continue }
                findings.append(
                    .init(
                        kind: .lowContrast, element: "\(type(of: view)) \"\(Self.excerpt(text.text))\"", frame: frame,
                        detail: "\(Self.ratio(ratio)) (\(shown) on \(behind)), under \(Self.ratio(minimum)) for \(text.pixelSize) px text",
                        view: ObjectIdentifier(view)))
            }
        }
        return findings + layoutAudit()
    }

    /// Whether a finger can operate `view`: a control, or an element with a button, link or
    /// adjustable trait.
    static func isOperable(_ view: View) -> Bool {
        view is Control || !view.accessibilityTraits.isDisjoint(with: [.button, .link, .adjustable, .keyboardKey])
    }

    /// Whether a reader can name `view`: its label holds more than spaces (a text input's
    /// placeholder is its label unless the app says otherwise).
    static func isNamed(_ view: View) -> Bool {
        view.accessibilityLabel?.contains { !$0.isWhitespace } ?? false
    }

    /// `Button "OK"`, or the type alone when the view has no label.
    static func name(of view: View) -> String {
        guard let label = view.accessibilityLabel, !label.isEmpty else { return "\(type(of: view))" }
        return "\(type(of: view)) \"\(excerpt(label))\""
    }

    private static func excerpt(_ text: String) -> String {
        text.count > 32 ? String(text.prefix(31)) + "…" : text
    }

    private static func ratio(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10):1"
    }

    /// Calls `visit` for each visible view under `root`, in drawing order, with whether an
    /// accessibility element encloses it (an element speaks for what is inside it) and whether
    /// a finger can reach it (it and its ancestors take touches).
    private func walkVisible(_ root: View, _ visit: (View, Bool, Bool) -> Void) {
        func walk(_ view: View, insideElement: Bool, touchable: Bool) {
            // The root is looked at whatever it shows (a window before it is put on screen).
            guard view === root || (!view.isHidden && view.alpha > 0) else { return }
            let touchable = touchable && view.isUserInteractionEnabled
            visit(view, insideElement, touchable)
            let enclosed = insideElement || (view !== self && view.isAccessibilityElement)
            for subview in view.subviews { walk(subview, insideElement: enclosed, touchable: touchable) }
        }
        var touchable = true
        var ancestor = root.superview
        while let view = ancestor {
            touchable = touchable && view.isUserInteractionEnabled
            ancestor = view.superview
        }
        walk(root, insideElement: false, touchable: touchable)
    }

    /// The colour behind `target` at `point` (window points): every background drawn before the
    /// target's text that covers the point, composited in drawing order over the palette's
    /// background (white in light, black in dark).
    private func background(behind target: View, at point: Point) -> Color {
        var color = palette.background
        func walk(_ view: View) -> Bool {
            guard view === self || (!view.isHidden && view.alpha > 0) else { return false }
            if view.convert(view.bounds, to: self).contains(point) {
                if let fill = view.shownBackgroundColor, fill.alpha > 0 {
                    color = fill.withAlphaComponent(Double(fill.alpha) / 255 * cumulativeAlpha(of: view)).composited(over: color)
                }
                if view !== target, let button = view as? Button {
                    color = button.currentBackgroundColor.composited(over: color)
                }
            }
            if view === target { return true }
            for subview in view.subviews where walk(subview) { return true }
            return false
        }
        _ = walk(self)
        return color
    }

    /// The product of the view's and its ancestors' alpha.
    private func cumulativeAlpha(of view: View) -> Double {
        var alpha = 1.0
        var current: View? = view
        while let v = current {
            alpha *= v.alpha
            current = v.superview
        }
        return min(max(alpha, 0), 1)
    }
}
