/// The one owner of touches, from the queue's frames to views and recognizers.
///
/// Each ``Application`` has one. It takes a ``Touch`` from its pool when a finger touches down,
/// keeps the touch's delivery state (``TouchDelivery``), and runs the whole pipeline of spec
/// A.7: new touches get their recognizers and the A10/A11 gates, recognizers see the touches
/// first (gesture arbitration: `TouchDispatcher+Gestures.swift`), then each view gets its
/// changed touches, one call per view and phase; held phases, cancellation and the return of
/// finished touches to the pool happen here too. ``Application`` and ``Window`` keep their
/// UIKit roles (`sendEvent(_:)` on each) and hand touches events to it.
///
/// Its stored properties are exempt from dynamic exclusivity checks (`@exclusivity(unchecked)`):
/// they are read and written on the main actor only, and no access to one stays open across a
/// call out to app code (the scratch arrays are taken out and put back around such calls). The
/// checks cost more than the dispatch they guard (BENCHMARKS.md, the tap profile).
@MainActor
final class TouchDispatcher {
    /// The application that owns this dispatcher. Unowned and unchecked: the application
    /// creates the dispatcher, holds the only strong reference to it, and every path into the
    /// dispatcher starts from a call on that application (its run loop, its windows, its
    /// recognizers' timers), so the application outlives every call.
    unowned(unsafe) let application: Application

    /// Touches not in use (all of them ``TouchReservoir`` touches, cleared).
    @exclusivity(unchecked) private var pool: [Touch]
    /// The touches that are down, in every window (and the ones that hit nothing).
    @exclusivity(unchecked) private(set) var activeTouches = TouchSet()
    /// Touches that ended but are still held from their view or referenced by a recognizer that
    /// has not reset; they return to the pool once released.
    @exclusivity(unchecked) var lingeringTouches = TouchSet()

    @exclusivity(unchecked) private var lastTapLocation = Point.zero
    @exclusivity(unchecked) private var lastTapEnd: MonotonicInstant?
    @exclusivity(unchecked) private var lastTapCount = 0
    @exclusivity(unchecked) private var isHandlingFrame = false
    @exclusivity(unchecked) private var cancelAllPending = false
    /// Some touches are marked `cancelRequested`, to be cancelled when the dispatch is over.
    @exclusivity(unchecked) private var cancelRequestsPending = false
    /// A window's touches are being dispatched (views and recognizers are being called).
    @exclusivity(unchecked) var isDispatching = false

    /// Touch-downs dropped because every pooled touch was in use.
    @exclusivity(unchecked) private(set) var droppedTouchCount: UInt64 = 0
    /// The timestamp of the last touch frame handled.
    @exclusivity(unchecked) private(set) var lastFrameTimestamp: MonotonicInstant?
    /// Fingers that came down (contacts that began), since the start.
    @exclusivity(unchecked) private(set) var touchDownCount: UInt64 = 0

    // Gesture engine storage (TouchDispatcher+Gestures.swift), reserved once so that dispatch
    // never grows it.
    @exclusivity(unchecked) var gestureScratch: [GestureRecognizer] = []
    @exclusivity(unchecked) var sharingScratch: [GestureRecognizer] = []
    @exclusivity(unchecked) var gestureWaiters: [GestureRecognizer] = []
    @exclusivity(unchecked) var gestureResets: [GestureRecognizer] = []
    @exclusivity(unchecked) var gestureDepth = 0

    init(application: Application, touchCapacity: Int) {
        self.application = application
        pool = TouchReservoir.take(touchCapacity)
        gestureScratch.reserveCapacity(32)
        sharingScratch.reserveCapacity(32)
        gestureWaiters.reserveCapacity(16)
        gestureResets.reserveCapacity(16)
    }

    /// Gives every touch back to the reservoir (the application is going away). A touch and the
    /// recognizers it was delivered to refer to each other until the gesture resets; clearing
    /// the touches here breaks those references, so the application's recognizers and views are
    /// released with it.
    func shutDown() {
        // A touch is in exactly one of the three: it leaves `activeTouches` before it lingers.
        TouchReservoir.giveBack(pool)
        TouchReservoir.giveBack(activeTouches)
        TouchReservoir.giveBack(lingeringTouches)
        pool.removeAll()
        activeTouches.removeAll()
        lingeringTouches.removeAll()
    }

    // MARK: - Frames

    /// Turns one frame into touches and dispatches it: each window with changed touches gets its
    /// touches event through the application's `sendEvent(_:)`.
    func handle(_ frame: TouchFrame) {
        guard !isHandlingFrame else {
            UsageWarning.report(
                "handle(_:)",
                "a touch frame was handed in from inside a touch handler, so it was dropped: hand frames in from the run loop (a timer), not from a handler")
            return
        }
        isHandlingFrame = true
        lastFrameTimestamp = frame.timestamp
        activeTouches.forEachTouch { touch in
            touch.delivery.pointee.changed = false
            if !touch.phase.isTerminal { touch.phase = .stationary }
        }
        // Indexed, not `for … in`: an iterator would copy the frame (over 400 bytes).
        var contactIndex = 0
        while contactIndex < frame.count {
            let contact = frame[contactIndex]
            contactIndex += 1
            switch contact.phase {
            case .began:
                touchDownCount &+= 1
                beginTouch(contact, at: frame.timestamp)
            case .moved, .stationary, .ended, .cancelled:
                guard let touch = activeTouch(identity: contact.identity) else { continue }
                update(touch, with: contact, at: frame.timestamp)
            }
        }
        dispatchChangedTouches(timestamp: frame.timestamp)
        recycleFinishedTouches()
        isHandlingFrame = false
        runPendingCancels()
    }

    private func activeTouch(identity: UInt32) -> Touch? {
        var index = 0
        while index < activeTouches.count {
            let touch = activeTouches[index]
            if touch.identity == identity { return touch }
            index += 1
        }
        return nil
    }

    private func beginTouch(_ contact: Contact, at timestamp: MonotonicInstant) {
        if application.isIgnoringInteractionEvents { return }
        if activeTouch(identity: contact.identity) != nil { return }
        guard let touch = pool.popLast() else {
            droppedTouchCount += 1
            return
        }
        touch.identity = contact.identity
        touch.phase = .began
        touch.delivery.pointee.changed = true
        touch.timestamp = timestamp
        touch.initialTimestamp = timestamp
        touch.screenLocation = contact.position
        touch.previousScreenLocation = contact.position
        touch.initialScreenLocation = contact.position
        touch.majorRadius = contact.size.map { Double($0) }
        touch.force = contact.weight.map { Double($0) }
        if let end = lastTapEnd, timestamp - end <= application.tapCountInterval,
            contact.position.distance(to: lastTapLocation) <= application.tapCountDistance
        {
            touch.tapCount = lastTapCount + 1
        } else {
            touch.tapCount = 1
        }
        if let hit = application.hitTest(contact.position) {
            touch.window = hit.window
            touch.view = hit.view
            hit.window.touchesEvent.touches.insert(touch)
        }
        activeTouches.insert(touch)
    }

    private func update(_ touch: Touch, with contact: Contact, at timestamp: MonotonicInstant) {
        guard !touch.phase.isTerminal else { return }
        touch.timestamp = timestamp
        touch.previousScreenLocation = touch.screenLocation
        switch contact.phase {
        case .moved:
            touch.screenLocation = contact.position
            touch.phase = .moved
            touch.delivery.pointee.changed = true
        case .stationary:
            touch.phase = .stationary
        case .ended:
            touch.phase = .ended
            touch.delivery.pointee.changed = true
            lastTapLocation = touch.initialScreenLocation
            lastTapEnd = timestamp
            lastTapCount = touch.tapCount
        case .cancelled:
            touch.phase = .cancelled
            touch.delivery.pointee.changed = true
        case .began:
            break
        }
        if let size = contact.size { touch.majorRadius = Double(size) }
        if let weight = contact.weight { touch.force = Double(weight) }
    }

    /// Sends each window with a changed touch its touches event, once, in the order of the
    /// window's first changed touch.
    private func dispatchChangedTouches(timestamp: MonotonicInstant) {
        let touches = activeTouches
        var index = 0
        while index < touches.count {
            let touch = touches[index]
            index += 1
            guard touch.delivery.pointee.changed, let window = touch.window else { continue }
            var earlier = 0, seen = false
            while earlier < index - 1 && !seen {
                let other = touches[earlier]
                seen = other.delivery.pointee.changed && other.window === window
                earlier += 1
            }
            if seen { continue }
            let event = window.touchesEvent
            event.timestamp = timestamp
            application.sendEvent(event)
        }
    }

    private func recycleFinishedTouches() {
        var index = activeTouches.count - 1
        while index >= 0 {
            let touch = activeTouches[index]
            index -= 1
            guard touch.phase.isTerminal else { continue }
            activeTouches.remove(touch)
            if let window = touch.window {
                window.touchesEvent.touches.remove(touch)
                let delivery = touch.delivery.pointee
                if delivery.isHeld || delivery.recognizerReferences > 0 {
                    // Still held from its view, or part of a gesture not yet decided.
                    lingeringTouches.insert(touch)
                    continue
                }
            }
            returnToPool(touch)
        }
    }

    /// Clears a touch and puts it back in the pool.
    func returnToPool(_ touch: Touch) {
        touch.recycle()
        pool.append(touch)
    }

    // MARK: - Cancelling

    /// Cancels every touch that is down (B37). Called from inside a touch handler, it runs when
    /// that frame's dispatch is over.
    func cancelAllTouches() {
        cancelLiveTouches(.all)
    }

    /// Cancels the touches down in `window`: a modal view (an alert, a presented controller)
    /// now covers it, so the views and recognizers behind it lose their touches, as UIKit's do
    /// when a modal view appears. Called from inside a touch handler, it runs when that frame's
    /// dispatch is over (the touches down at the call are the ones cancelled).
    func cancelTouchesCovered(in window: Window) {
        cancelLiveTouches(.window(window))
    }

    /// Which touches a cancel takes.
    @MainActor private enum CancelScope {
        case all
        case window(Window)
        /// The touches marked `cancelRequested` by a cancel asked for during a dispatch.
        case requested

        func includes(_ touch: Touch) -> Bool {
            switch self {
            case .all: true
            case .window(let window): touch.window === window
            case .requested: touch.delivery.pointee.cancelRequested
            }
        }
    }

    private func cancelLiveTouches(_ scope: CancelScope) {
        if isHandlingFrame {
            // Marked now, so that a touch that ends later in this frame is not cancelled too.
            if case .all = scope {
                cancelAllPending = true
            } else {
                activeTouches.forEachTouch { touch in
                    if !touch.phase.isTerminal && scope.includes(touch) {
                        touch.delivery.pointee.cancelRequested = true
                        cancelRequestsPending = true
                    }
                }
            }
            return
        }
        guard !activeTouches.isEmpty else { return }
        isHandlingFrame = true
        let now = application.clock.now
        activeTouches.forEachTouch { touch in
            let live = !touch.phase.isTerminal && scope.includes(touch)
            touch.delivery.pointee.cancelRequested = false
            touch.delivery.pointee.changed = live
            if live {
                touch.previousScreenLocation = touch.screenLocation
                touch.phase = .cancelled
                touch.timestamp = now
            }
        }
        dispatchChangedTouches(timestamp: now)
        recycleFinishedTouches()
        isHandlingFrame = false
        // A handler that asked for a cancel while these were being cancelled.
        runPendingCancels()
    }

    /// Runs the cancels asked for while a frame was being dispatched.
    private func runPendingCancels() {
        if cancelAllPending {
            cancelAllPending = false
            cancelRequestsPending = false
            cancelLiveTouches(.all)
        } else if cancelRequestsPending {
            cancelRequestsPending = false
            cancelLiveTouches(.requested)
        }
    }

    /// The window is leaving the application: its views get `touchesCancelled` for the touches
    /// they were tracking, and its touches are dropped.
    func cancelTouches(in window: Window) {
        activeTouches.forEachTouch { touch in
            if touch.window === window && !touch.phase.isTerminal { touch.delivery.pointee.cancelPending = true }
        }
        sendPendingCancels(in: window, with: nil, including: lingeringTouches)
        activeTouches.forEachTouch { touch in
            guard touch.window === window else { return }
            window.touchesEvent.touches.remove(touch)
            touch.phase = .cancelled
            touch.window = nil
        }
        recycleFinishedTouches()
    }

    // MARK: - A window's touches event

    /// The pipeline of docs/events.md A.7 for one window's touches event.
    func dispatchTouches(_ event: Event, in window: Window) {
        let wasDispatching = isDispatching
        isDispatching = true
        let touches = event.touches
        // 1. New touches: eligible recognizers, then the view gates of A10 and A11.
        touches.forEachTouch { touch in
            if touch.delivery.pointee.changed && touch.phase == .began && touch.window === window {
                prepareNewTouch(touch, in: event)
            }
        }
        // 2. Recognizers see the touches before the views (A25).
        recognizerPass(event, in: window)
        // 3. Views: one call per view and phase, in order of touch identity (E2). A phase that
        // no changed touch is in has nothing to deliver (a tap's frames have one phase each).
        var phases: UInt8 = 0
        event.touches.forEachTouch { touch in
            if touch.delivery.pointee.changed { phases |= 1 << touch.phase.rawValue }
        }
        if phases & (1 << TouchPhase.began.rawValue) != 0 { deliver(.began, of: event, in: window) }
        if phases & (1 << TouchPhase.moved.rawValue) != 0 { deliver(.moved, of: event, in: window) }
        if phases & (1 << TouchPhase.ended.rawValue) != 0 { deliver(.ended, of: event, in: window) }
        if phases & (1 << TouchPhase.cancelled.rawValue) != 0 { deliver(.cancelled, of: event, in: window) }
        isDispatching = wasDispatching
        if !isDispatching { cancelTouchesOfDepartedViews(in: window) }
    }

    private func prepareNewTouch(_ touch: Touch, in event: Event) {
        touch.recognizers.removeAll(keepingCapacity: true)
        guard let view = touch.view else {
            touch.delivery.pointee.stage = .none
            return
        }
        var current: View? = view
        while let candidate = current {
            for recognizer in candidate.gestureRecognizers where recognizer.isEnabled {
                touch.recognizers.append(recognizer)
            }
            current = candidate.superview
        }
        touch.delivery.pointee.stage = admitsToView(touch, view: view, in: event) ? .admitted : .none
    }

    /// A10 and A11: whether a new touch may go to its hit view, given the touches the window's
    /// views are already tracking (touches admitted earlier in this frame count).
    private func admitsToView(_ touch: Touch, view: View, in event: Event) -> Bool {
        !event.touches.containsTouch { other in
            let delivery = other.delivery.pointee
            guard other !== touch, delivery.isOpenToView, !delivery.cancelPending,
                !other.phase.isTerminal, let otherView = other.view
            else { return false }
            if otherView === view { return !view.isMultipleTouchEnabled }
            return view.isExclusiveTouch || otherView.isExclusiveTouch
        }
    }

    private func isDeliverable(_ touch: Touch, _ phase: TouchPhase, in window: Window) -> Bool {
        let state = touch.delivery
        guard state.pointee.changed, touch.phase == phase, state.pointee.isOpenToView,
            let view = touch.view
        else { return false }
        if state.pointee.cancelPending { return false }
        if view.window !== window {
            // The view left the window since the touch began (A39): cancel instead.
            state.pointee.cancelPending = true
            return false
        }
        switch phase {
        case .began:
            // A27: a recognizer that may still recognize holds the began phase back.
            if state.pointee.held.contains(.began) || holdsBegan(touch) {
                state.pointee.held.insert(.began)
                return false
            }
            return true
        case .moved:
            if state.pointee.held.contains(.began) {
                state.pointee.held.insert(.moved)
                return false
            }
            return state.pointee.stage == .began
        case .ended:
            // A28: held while a recognizer that delays ended phases may still recognize.
            if state.pointee.held.contains(.ended) || holdsEnded(touch) {
                state.pointee.held.insert(.ended)
                return false
            }
            return state.pointee.stage == .began
        case .cancelled:
            state.pointee.held = []
            if state.pointee.stage != .began {
                state.pointee.stage = .finished
                return false
            }
            return true
        case .stationary:
            return false
        }
    }

    private func deliver(_ phase: TouchPhase, of event: Event, in window: Window) {
        forEachViewBatch(of: event.touches, where: { isDeliverable($0, phase, in: window) }) { view, batch in
            batch.forEachTouch { touch in
                switch phase {
                case .began: touch.delivery.pointee.stage = .began
                case .ended, .cancelled: touch.delivery.pointee.stage = .finished
                default: break
                }
            }
            switch phase {
            case .began: view.touchesBegan(batch, with: event)
            case .moved: view.touchesMoved(batch, with: event)
            case .ended: view.touchesEnded(batch, with: event)
            case .cancelled: view.touchesCancelled(batch, with: event)
            case .stationary: break
            }
        }
    }

    /// Groups the touches that pass `include` by hit view, keeping their order, and calls `body`
    /// once per view with that view's batch ("one call per view and phase"). Never allocates.
    private func forEachViewBatch(of touches: TouchSet, where include: (Touch) -> Bool, _ body: (View, TouchSet) -> Void) {
        var handled: UInt32 = 0
        var i = 0
        while i < touches.count {
            defer { i += 1 }
            let touch = touches[i]
            guard handled & (1 << UInt32(i)) == 0, include(touch), let view = touch.view else { continue }
            var batch = TouchSet()
            var j = i
            while j < touches.count {
                let other = touches[j]
                if handled & (1 << UInt32(j)) == 0, other.view === view, include(other) {
                    handled |= 1 << UInt32(j)
                    batch.insert(other)
                }
                j += 1
            }
            body(view, batch)
        }
    }

    // MARK: - Views that leave their window

    /// Views left `window`: their touches are cancelled now, or at the end of the dispatch in
    /// progress (A39, B24).
    func viewsLeft(_ window: Window) {
        var found = false
        window.touchesEvent.touches.forEachTouch { touch in
            guard touch.delivery.pointee.isOpenToView, let view = touch.view, view.window !== window else { return }
            touch.delivery.pointee.cancelPending = true
            found = true
        }
        if found && !isDispatching { cancelTouchesOfDepartedViews(in: window) }
    }

    /// Sends `touchesCancelled` (event nil) to each view of `window` that must give up its
    /// touches.
    func cancelTouchesOfDepartedViews(in window: Window) {
        sendPendingCancels(in: window, with: nil, including: lingeringTouches)
    }

    /// Sends `touchesCancelled` to each view with touches marked for cancelling, one call per
    /// view, scanning the window's touches and `extra`.
    func sendPendingCancels(in window: Window, with event: Event?, including extra: TouchSet) {
        let windowTouches = window.touchesEvent.touches
        let pending: (Touch) -> Bool = { $0.delivery.pointee.cancelPending }
        // Called at the end of every dispatch: almost always there is nothing to cancel.
        guard windowTouches.containsTouch(where: pending) || extra.containsTouch(where: pending) else { return }
        // The window's touches and `extra`, in order of identity (E2).
        var touches = TouchSet()
        while true {
            var next: Touch?
            for touch in windowTouches where !touches.contains(touch) && (next == nil || touch.identity < next!.identity) { next = touch }
            for touch in extra where !touches.contains(touch) && (next == nil || touch.identity < next!.identity) { next = touch }
            guard let next, touches.insert(next) else { break }
        }
        // A view that never saw began has nothing to cancel.
        touches.forEachTouch { touch in
            let delivery = touch.delivery.pointee
            if delivery.cancelPending && delivery.stage != .finished && (delivery.stage != .began || touch.view == nil) {
                touch.delivery.pointee.stage = .finished
            }
        }
        forEachViewBatch(of: touches, where: { $0.delivery.pointee.cancelPending && $0.delivery.pointee.stage != .finished }) { view, batch in
            batch.forEachTouch { touch in
                touch.delivery.pointee.stage = .finished
                touch.delivery.pointee.held.remove(.ended)
            }
            view.touchesCancelled(batch, with: event)
        }
    }
}
