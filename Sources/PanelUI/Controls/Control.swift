/// The base of buttons, sliders and switches: UIKit's `UIControl`.
///
/// **Tracking** (A16, B29). A touch that begins in an enabled control is tracked:
/// ``beginTracking(_:with:)`` (its result sets ``isTracking``), the highlight, and `touchDown`
/// (with `touchDownRepeat` when the touch's tapCount is above 1). Each move calls
/// ``continueTracking(_:with:)`` and sends `touchDragInside` or `touchDragOutside`; crossing the
/// edge of the **expanded region** (the bounds grown by ``expandedTouchMargin``, 70 pt by default,
/// E12) first sends `touchDragExit` or `touchDragEnter` and turns the highlight off or on.
/// The lift calls ``endTracking(_:with:)`` and sends `touchUpInside` or `touchUpOutside`; a
/// cancel calls ``cancelTracking(with:)`` and sends `touchCancel`. If `beginTracking` returns
/// false, only `touchDown` is sent for that touch (E19).
///
/// A **disabled** control stays the hit view but does no tracking and forwards its touches up
/// the responder chain like a plain view (E11).
///
/// **Target-action** (A18). See ``Action`` for the three kinds of action. Several actions may be
/// registered per event; they run in insertion order (E25); a target-action pair is stored once
/// (adding it again adds events); targets are held weakly. Every send goes through
/// ``sendAction(_:to:for:)``, which subclasses may override, and then
/// ``Application/sendAction(_:to:from:for:)``.
@MainActor
open class Control: View {
    /// A control's state, with UIKit's bit values (A14).
    public struct State: OptionSet, Hashable, Sendable {
        /// The state bits (UIKit's values).
        public let rawValue: UInt32
        /// A state from its bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// No flag set.
        public static let normal = State([])
        /// A finger is down on the control and inside it.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control does not respond to touches (`isEnabled` is false).
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected (`isSelected`).
        public static let selected = State(rawValue: 1 << 2)
        /// The control has the focus (presses move and select it).
        public static let focused = State(rawValue: 1 << 3)
        /// Bits an app may use for states of its own.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits reserved for PanelUI.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// The default of ``expandedTouchMargin``.
    public static let defaultExpandedTouchMargin = 70.0

    // The flags and the tracking state are exempt from dynamic exclusivity checks
    // (`@exclusivity(unchecked)`), as the view's geometry is: plain values (and the target-action
    // list, copied before it is walked), read and written on the main actor only, never accessed
    // in place across a call. Every tap reads and writes them several times over.
    /// Whether the control responds to touches. Default true. Disabling a tracking control
    /// cancels its tracking.
    @exclusivity(unchecked) open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled && trackingTouch != nil && isTracking && !trackingSuspended {
                // Keep swallowing the touch until it ends, but stop tracking it now.
                isTracking = false
                trackingSuspended = true
                isHighlighted = false
                cancelTracking(with: nil)
            }
            stateChanged()
        }
    }

    /// Whether the control is selected. Default false.
    @exclusivity(unchecked) open var isSelected = false {
        didSet { if isSelected != oldValue { stateChanged() } }
    }

    /// Whether the control is highlighted; set while a tracked touch is inside. Default false.
    /// An enabled, visible control that takes touches can take the focus.
    open override var canBecomeFocused: Bool { isEnabled && isUserInteractionEnabled && !isHidden }

    /// What the select press does to the focused control: UIKit's primary action. Sends
    /// `.primaryActionTriggered`; buttons also send `.touchUpInside`, switches toggle.
    open func performPrimaryAction() {
        sendActions(for: .primaryActionTriggered)
    }

    /// Whether a knob can change the control's value (``adjust(byDetents:)``): sliders and
    /// steppers. Select on such a focused control switches the knob between moving the focus
    /// and adjusting it.
    open var isAdjustable: Bool { false }

    /// A knob turned by `detents` while the control is being adjusted; sends `valueChanged`
    /// when the value changed.
    open func adjust(byDetents detents: Int) {}

    /// An arrow pressed while the control has the focus: true when the control used it (a radio
    /// group moving its selection), false to let it move the focus (the default).
    open func focusedArrow(_ heading: FocusHeading) -> Bool { false }

    @exclusivity(unchecked) open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateChanged() } }
    }

    /// The state built from the flags.
    open var state: State {
        var state = State.normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// How far outside its bounds a tracked touch still counts as inside, on every side (E12).
    @exclusivity(unchecked) public var expandedTouchMargin = Control.defaultExpandedTouchMargin

    /// The smallest touch target each way, in points: a control drawn smaller (a 34-point
    /// button) takes touches in a region grown evenly around its bounds to this size, as
    /// accessibility guidelines ask (Apple's and WCAG 2.5.5's 44×44; `Window/minimumTouchTarget`).
    /// Default zero, UIKit's: the bounds. Switches, sliders and navigation bar buttons, drawn
    /// smaller than 44 points by design, default to 44×44. Touches outside the superview's
    /// bounds still do not reach it.
    @exclusivity(unchecked) public var minimumTouchTarget = Size.zero {
        didSet { hasMinimumTouchTarget = minimumTouchTarget.width > 0 || minimumTouchTarget.height > 0 }
    }
    /// Whether ``minimumTouchTarget`` asks for anything (read by hit-testing, for every sibling).
    @exclusivity(unchecked) private var hasMinimumTouchTarget = false

    /// Where a finger can touch the control, in its own coordinates: its bounds, grown evenly
    /// to ``minimumTouchTarget``.
    public var touchTargetBounds: Rect {
        let b = bounds
        let dx = max(minimumTouchTarget.width - b.width, 0) / 2
        let dy = max(minimumTouchTarget.height - b.height, 0) / 2
        return dx == 0 && dy == 0 ? b : b.insetBy(dx: -dx, dy: -dy)
    }

    /// Whether `point` is in ``touchTargetBounds``.
    open override func point(inside point: Point, with event: Event?) -> Bool {
        // Most controls have no minimum beyond their bounds: hit-testing scans every sibling,
        // so that case reads the bounds alone.
        if !hasMinimumTouchTarget { return boundsContain(point) }
        return touchTargetBounds.contains(point)
    }

    /// Whether a touch is being tracked.
    @exclusivity(unchecked) public private(set) var isTracking = false
    /// Whether the tracked touch is inside the expanded region; meaningful while tracking.
    @exclusivity(unchecked) public private(set) var isTouchInside = false

    /// The touch being tracked (the first touch that began in the control).
    @exclusivity(unchecked) private var trackingTouch: Touch?
    /// `beginTracking` returned false or tracking stopped: stay quiet until the touch ends.
    @exclusivity(unchecked) private var trackingSuspended = false

    /// Called when ``state`` changed (redraw).
    open func stateChanged() { setNeedsDisplay() }

    // MARK: - Accessibility

    /// A control is an element; disabled it is ``AccessibilityTraits/notEnabled``, selected
    /// ``AccessibilityTraits/selected``, and one a knob adjusts
    /// ``AccessibilityTraits/adjustable``.
    open override var accessibilityDefaults: AccessibilityDescription {
        var traits: AccessibilityTraits = []
        if !isEnabled { traits.insert(.notEnabled) }
        if isSelected { traits.insert(.selected) }
        if isAdjustable { traits.insert(.adjustable) }
        return AccessibilityDescription(isElement: true, traits: traits)
    }

    /// Performs the primary action (what select on the focused control does), when enabled.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        performPrimaryAction()
        return true
    }

    /// One detent up, for an enabled adjustable control (sends `valueChanged`).
    open override func accessibilityIncrement() {
        if isEnabled && isAdjustable { adjust(byDetents: 1) }
    }

    /// One detent down.
    open override func accessibilityDecrement() {
        if isEnabled && isAdjustable { adjust(byDetents: -1) }
    }

    // MARK: - Tracking hooks

    /// A tracked touch began. Return false to ignore the rest of it. Default true.
    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// A tracked touch moved. Return false to stop tracking it. Default true.
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// A tracked touch lifted.
    open func endTracking(_ touch: Touch?, with event: Event?) {}

    /// A tracked touch was cancelled; `event` is nil when the cause is not an event (the
    /// control left its window). Overrides must call `super`.
    open func cancelTracking(with event: Event?) {}

    /// Whether `touch` is inside the expanded region.
    public func isInsideExpandedRegion(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -expandedTouchMargin, dy: -expandedTouchMargin).contains(touch.location(in: self))
    }

    // MARK: - Touches

    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        guard isEnabled else { return super.touchesBegan(touches, with: event) }
        guard trackingTouch == nil, let touch = touches.first else { return }
        trackingTouch = touch
        trackingSuspended = false
        isTouchInside = isInsideExpandedRegion(touch)
        isTracking = beginTracking(touch, with: event)
        if isTracking {
            isHighlighted = isTouchInside
        } else {
            trackingSuspended = true
        }
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        guard let touch = trackingTouch, touches.contains(touch) else {
            if !isEnabled { super.touchesMoved(touches, with: event) }
            return
        }
        guard isTracking, !trackingSuspended else { return }
        let wasInside = isTouchInside
        isTouchInside = isInsideExpandedRegion(touch)
        guard continueTracking(touch, with: event) else {
            isTracking = false
            trackingSuspended = true
            isHighlighted = false
            return
        }
        if wasInside && !isTouchInside {
            isHighlighted = false
            sendActions(for: .touchDragExit, with: event)
        } else if !wasInside && isTouchInside {
            sendActions(for: .touchDragEnter, with: event)
            isHighlighted = true
        }
        guard trackingTouch === touch else { return }  // an action may have cancelled tracking
        sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside, with: event)
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        guard let touch = trackingTouch, touches.contains(touch) else {
            if !isEnabled { super.touchesEnded(touches, with: event) }
            return
        }
        let wasTracking = isTracking && !trackingSuspended
        let inside = isInsideExpandedRegion(touch)
        isTouchInside = inside
        if wasTracking { endTracking(touch, with: event) }
        trackingTouch = nil
        isTracking = false
        isHighlighted = false
        guard wasTracking else { return }
        if inside {
            sendActions(for: .touchUpInside, with: event)
            didTouchUpInside(with: event)
        } else {
            sendActions(for: .touchUpOutside, with: event)
        }
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        guard let touch = trackingTouch, touches.contains(touch) else {
            if !isEnabled { super.touchesCancelled(touches, with: event) }
            return
        }
        stopTracking(event: event)
    }

    private func stopTracking(event: Event?) {
        let wasTracking = isTracking && !trackingSuspended
        trackingTouch = nil
        isTracking = false
        isHighlighted = false
        guard wasTracking else { return }
        cancelTracking(with: event)
        sendActions(for: .touchCancel, with: event)
    }

    /// Called after `touchUpInside` was sent. ``Button`` sends `primaryActionTriggered` here.
    open func didTouchUpInside(with event: Event?) {}

    // MARK: - Target-action

    @exclusivity(unchecked) private var targetActions: [TargetActionPair] = []

    /// Registers `action` on `target` for `events` (A18). A nil target resolves the action
    /// through the responder chain when it is sent. Adding a pair again adds the events.
    public func addTarget(_ target: AnyObject?, action: Action, for events: ControlEvents) {
        pruneReleasedTargets()
        if let index = targetActions.firstIndex(where: {
            !$0.action.isClosure && $0.matches(target: target) && $0.action.selector == action.selector
        }) {
            targetActions[index].events.formUnion(events)
            targetActions[index].action = action
            return
        }
        targetActions.append(TargetActionPair(target: target, action: action, events: events))
    }

    /// Registers a closure action for `events` (UIKit's `addAction(_:for:)`). An action with the
    /// same selector is replaced and gains the events. A method action or a bare name is a
    /// mistake that is reported (`UsageWarning`) and ignored: those go to
    /// ``addTarget(_:action:for:)``.
    public func addAction(_ action: Action, for events: ControlEvents) {
        guard action.isClosure else {
            UsageWarning.report(
                "addAction(_:for:)", "\(action.selector) is not a closure action, so it was not added: use addTarget(_:action:for:) for methods and names")
            return
        }
        if let index = targetActions.firstIndex(where: { $0.action.isClosure && $0.action.selector == action.selector }) {
            targetActions[index].events.formUnion(events)
            targetActions[index].action = action
            return
        }
        targetActions.append(TargetActionPair(target: nil, action: action, events: events))
    }

    /// Removes `events` from the pairs of `target` (nil: every target) and `action` (nil: every
    /// action of the target); pairs left with no events are dropped.
    public func removeTarget(_ target: AnyObject?, action: Selector?, for events: ControlEvents) {
        for index in targetActions.indices
        where !targetActions[index].action.isClosure && targetActions[index].matchesForRemoval(target: target, selector: action) {
            targetActions[index].events.subtract(events)
        }
        targetActions.removeAll { $0.events.isEmpty }
        pruneReleasedTargets()
    }

    /// Removes `events` from the closure action with `selector`.
    public func removeAction(identifiedBy selector: Selector, for events: ControlEvents) {
        for index in targetActions.indices where targetActions[index].action.isClosure && targetActions[index].action.selector == selector {
            targetActions[index].events.subtract(events)
        }
        targetActions.removeAll { $0.events.isEmpty }
    }

    /// The targets of the registered pairs, in insertion order, each once; `nil` stands for the
    /// pairs with a nil target. Closure actions have no target and are not listed.
    public var allTargets: [AnyObject?] {
        var result: [AnyObject?] = []
        for entry in targetActions where !entry.action.isClosure {
            if entry.hasTarget {
                guard let target = entry.target else { continue }
                if !result.contains(where: { $0 === target }) { result.append(target) }
            } else if !result.contains(where: { $0 == nil }) {
                result.append(nil)
            }
        }
        return result
    }

    /// Every event that has at least one action.
    public var allControlEvents: ControlEvents {
        var events = ControlEvents()
        for entry in targetActions where !entry.isReleased { events.formUnion(entry.events) }
        return events
    }

    /// The selectors registered for `target` (nil: the nil-target pairs) and `event`, or nil if
    /// there are none.
    public func actions(forTarget target: AnyObject?, forControlEvent event: ControlEvents) -> [Selector]? {
        let selectors = targetActions.filter {
            !$0.action.isClosure && $0.matches(target: target) && !$0.events.intersection(event).isEmpty
        }.map(\.action.selector)
        return selectors.isEmpty ? nil : selectors
    }

    /// Sends one action; every action a control sends goes through here. Default: hands it to
    /// ``Application/sendAction(_:to:from:for:)`` with the control as sender. Override to
    /// observe or redirect actions (for example to send every action to the control itself).
    open func sendAction(_ action: Action, to target: AnyObject?, for event: Event?) {
        Application.send(action, to: target, from: self, for: event, via: window?.application)
    }

    /// Sends every action registered for any of `events`, in insertion order, with a nil event
    /// (UIKit's `sendActions(for:)`); no touch is needed.
    public func sendActions(for events: ControlEvents) {
        sendActions(for: events, with: nil)
    }

    /// Sends every action registered for any of `events` with `event` (the touches event that
    /// caused them, as the built-in controls do, so that actions taking the event get it).
    public func sendActions(for events: ControlEvents, with event: Event?) {
        let entries = targetActions
        var index = 0
        while index < entries.count {
            let entry = entries[index]
            index += 1
            guard !entry.events.intersection(events).isEmpty, !entry.isReleased else { continue }
            sendAction(entry.action, to: entry.target, for: event)
        }
    }

    private func pruneReleasedTargets() {
        targetActions.removeAll { $0.isReleased }
    }
}
