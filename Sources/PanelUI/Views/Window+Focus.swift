import PanelGraphics

/// Which way the focus moves.
public enum FocusHeading: Sendable, Hashable {
    /// The next or previous focusable view in reading order (top to bottom, then left to right).
    case next, previous
    /// The nearest focusable view in that direction.
    case up, down, left, right
}

/// Focus: a panel used without touch (a machine panel's keys, a remote, a knob, gloves) moves
/// a focus between its controls and presses select to act on one. Touch and focus coexist: a
/// tap acts where it lands and leaves the focus where it was.
///
/// Unhandled presses reach the window at the end of the responder chain: arrows move the
/// focus (the first arrow, with nothing focused, focuses the first control in reading order),
/// select highlights the focused control while held and performs its primary action on
/// release, menu takes the focus away. A first responder that handles presses (a text field's
/// arrows move its caret) keeps them.
extension Window {
    /// Focuses `view` (nil: none). A view that cannot take the focus is refused (false).
    @discardableResult
    public func setFocus(_ view: View?) -> Bool {
        if let view, !(view.canBecomeFocused && view.window === self && isVisibleForFocus(view)) { return false }
        focusedView?.isFocused = false
        (focusedView as? Control)?.isHighlighted = false
        isAdjustingFocus = false
        focusedView = view
        view?.isFocused = true
        return true
    }

    /// Moves the focus; with nothing focused, focuses the first view in reading order.
    /// Returns whether it moved.
    @discardableResult
    public func moveFocus(_ heading: FocusHeading) -> Bool {
        let candidates = focusableViews()
        guard !candidates.isEmpty else { return false }
        guard let current = focusedView, let from = candidates.firstIndex(where: { $0.view === current }) else {
            return setFocus(candidates[0].view)
        }
        let here = candidates[from].frame
        switch heading {
        case .next:
            return setFocus(candidates[(from + 1) % candidates.count].view)
        case .previous:
            return setFocus(candidates[(from + candidates.count - 1) % candidates.count].view)
        case .up, .down, .left, .right:
            var best: (view: View, score: Double)?
            for candidate in candidates where candidate.view !== current {
                let f = candidate.frame
                let (dx, dy) = (f.midX - here.midX, f.midY - here.midY)
                let (along, across): (Double, Double)
                switch heading {
                case .up: (along, across) = (-dy, dx)
                case .down: (along, across) = (dy, dx)
                case .left: (along, across) = (-dx, dy)
                default: (along, across) = (dx, dy)
                }
                guard along > 0.5 else { continue }
                // Nearest in the heading, straying from the line costs double.
                let score = along + 2 * abs(across)
                if best == nil || score < best!.score { best = (candidate.view, score) }
            }
            guard let best else { return false }
            return setFocus(best.view)
        }
    }

    /// The focusable views, visible, in focus order (``View/focusOrder`` first, then reading
    /// order), with their frames in window coordinates.
    func focusableViews() -> [(view: View, frame: Rect)] {
        var found: [(view: View, frame: Rect)] = []
        func walk(_ view: View) {
            guard !view.isHidden, view.alpha > 0 else { return }
            if view !== self, view.canBecomeFocused { found.append((view, view.convert(view.bounds, to: self))) }
            for subview in view.subviews { walk(subview) }
        }
        walk(self)
        return found.sorted(by: Window.readsBefore)
    }

    private func isVisibleForFocus(_ view: View) -> Bool {
        var v: View? = view
        while let current = v {
            if current.isHidden || current.alpha <= 0 { return false }
            v = current.superview
        }
        return true
    }

    /// A rotary encoder turned: the focused control's value while it is being adjusted (select
    /// on a slider or stepper starts and ends that), else the focus, one control per detent
    /// (clockwise: next).
    public func rotate(byDetents detents: Int) {
        guard detents != 0 else { return }
        if isAdjustingFocus, let control = focusedView as? Control {
            control.adjust(byDetents: detents)
            return
        }
        // One walk of the tree for the whole turn, however many detents it has.
        let candidates = focusableViews()
        guard !candidates.isEmpty else { return }
        let count = candidates.count
        var index: Int
        var steps = max(min(detents, 64), -64)
        if let current = candidates.firstIndex(where: { $0.view === focusedView }) {
            index = current
        } else {
            index = 0  // nothing focused: the first detent focuses the first control
            steps -= steps > 0 ? 1 : -1
        }
        setFocus(candidates[((index + steps) % count + count) % count].view)
    }

    /// An arrow: the focused control's first (a radio group moves its selection), else the focus.
    private func arrow(_ heading: FocusHeading) -> Bool {
        if let control = focusedView as? Control, control.focusedArrow(heading) { return true }
        return moveFocus(heading)
    }

    /// Arrows, select and menu that nothing before the window handled (see above).
    func handleFocusPresses(_ presses: Set<Press>, phase: Press.Phase) -> Bool {
        var handled = false
        for press in presses {
            switch (press.type, phase) {
            case (.upArrow, .began): handled = arrow(.up) || handled
            case (.downArrow, .began): handled = arrow(.down) || handled
            case (.leftArrow, .began): handled = arrow(.left) || handled
            case (.rightArrow, .began): handled = arrow(.right) || handled
            case (.select, .began):
                if let control = focusedView as? Control {
                    control.isHighlighted = true
                    handled = true
                } else if focusedView == nil {
                    handled = moveFocus(.next)
                }
            case (.select, .ended):
                if let control = focusedView as? Control, control.isHighlighted {
                    control.isHighlighted = false
                    if control.isAdjustable {
                        isAdjustingFocus.toggle()
                    } else {
                        control.performPrimaryAction()
                    }
                    handled = true
                }
            case (.select, .cancelled):
                (focusedView as? Control)?.isHighlighted = false
            case (.menu, .ended):
                if focusedView != nil { handled = setFocus(nil) }
            default: break
            }
        }
        return handled
    }
}
