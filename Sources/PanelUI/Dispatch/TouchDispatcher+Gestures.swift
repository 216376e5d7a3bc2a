/// The recognizer side of the dispatch pipeline (docs/events.md A.7, steps 2, 4, 5 and 6): gesture
/// arbitration, held phases, resets.
extension TouchDispatcher {
    /// The phases recognizers receive, in order.
    static let recognizerPhases: [TouchPhase] = [.began, .moved, .ended, .cancelled]

    /// Step 2: every recognizer that has changed touches in this event sees them, before the
    /// views, in the order of E2 (by touch identity, then each touch's list from the hit view
    /// outward). State changes the recognizers request are applied as they are made; resets and
    /// releases of held touches follow at the end of the pass.
    func recognizerPass(_ event: Event, in window: Window) {
        // Almost always no changed touch has a recognizer (no gesture on the views it hit).
        guard event.touches.containsTouch(where: { $0.delivery.pointee.changed && !$0.recognizers.isEmpty }) else {
            settleGestures()
            return
        }
        // Take the reserved buffer out of the dispatcher (so it is uniquely referenced and clearing
        // it keeps its storage), use it, and put it back.
        var order = gestureScratch
        gestureScratch = []
        order.removeAll(keepingCapacity: true)
        event.touches.forEachTouch { touch in
            guard touch.delivery.pointee.changed else { return }
            for recognizer in touch.recognizers where !order.contains(where: { $0 === recognizer }) {
                order.append(recognizer)
            }
        }
        for recognizer in order { deliver(event, to: recognizer) }
        order.removeAll(keepingCapacity: true)
        gestureScratch = order
        settleGestures()
    }

    private func deliver(_ event: Event, to recognizer: GestureRecognizer) {
        for phase in TouchDispatcher.recognizerPhases {
            guard recognizer.isEnabled, recognizer.waitingState == nil,
                recognizer.state == .possible || recognizer.state.isActive
            else { return }
            var touches = TouchSet()
            for touch in event.touches where touch.delivery.pointee.changed && touch.phase == phase {
                guard touch.recognizers.contains(where: { $0 === recognizer }) else { continue }
                if phase == .began {
                    if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) == false {
                        touch.recognizers.removeAll { $0 === recognizer }
                        continue
                    }
                    recognizer.track(touch)
                } else if !recognizer.trackedTouches.contains(touch) {
                    continue
                }
                touches.insert(touch)
            }
            guard !touches.isEmpty else { continue }
            switch phase {
            case .began: recognizer.touchesBegan(touches, with: event)
            case .moved: recognizer.touchesMoved(touches, with: event)
            case .ended: recognizer.touchesEnded(touches, with: event)
            case .cancelled: recognizer.touchesCancelled(touches, with: event)
            case .stationary: break
            }
            if phase == .ended || phase == .cancelled {
                for touch in touches { recognizer.trackedTouches.remove(touch) }
            }
        }
    }

    // MARK: - Transitions

    /// Applies a state change a recognizer requested (the rules of A.7 step 2, in the order of
    /// E5). Runs the settle step when the change came from outside a dispatch (a timer).
    func transition(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State, to new: GestureRecognizer.State) {
        gestureDepth += 1
        defer {
            gestureDepth -= 1
            if gestureDepth == 0 && !isDispatching { settleGestures() }
        }
        if old == .possible && (new == .began || new == .ended) {
            if hasPendingRequirement(recognizer) {
                recognizer.waitingState = new
                if !gestureWaiters.contains(where: { $0 === recognizer }) { gestureWaiters.append(recognizer) }
                return
            }
            begin(recognizer, as: new)
            return
        }
        switch new {
        case .failed:
            fail(recognizer)
        case .changed:
            recognizer.setStateDirectly(.changed)
            recognizer.performActions()
        case .ended, .cancelled:
            recognizer.setStateDirectly(new)
            recognizer.performActions()
            scheduleReset(recognizer)
        case .possible, .began:
            break
        }
    }

    private func fail(_ recognizer: GestureRecognizer) {
        recognizer.setStateDirectly(.failed)
        recognizer.waitingState = nil
        gestureWaiters.removeAll { $0 === recognizer }
        scheduleReset(recognizer)
        resolveWaiters()
    }

    /// Leaves possible for good: the delegate, the view veto, exclusion, cancelling the views'
    /// touches, the action.
    private func begin(_ recognizer: GestureRecognizer, as new: GestureRecognizer.State) {
        gestureWaiters.removeAll { $0 === recognizer }
        recognizer.waitingState = nil
        if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false || isVetoedByViews(recognizer) {
            fail(recognizer)
            return
        }
        recognizer.setStateDirectly(new)
        excludeOthers(by: recognizer)
        resolveWaiters()
        if recognizer.cancelsTouchesInView { cancelViewTouches(of: recognizer) }
        recognizer.performActions()
        if new == .ended { scheduleReset(recognizer) }
    }

    /// The recognizers that share a touch with `recognizer`.
    private func forEachRecognizerSharingTouches(with recognizer: GestureRecognizer, _ body: (GestureRecognizer) -> Void) {
        var seen = sharingScratch
        sharingScratch = []
        seen.removeAll(keepingCapacity: true)
        for touch in recognizer.gestureTouches {
            for other in touch.recognizers where other !== recognizer && !seen.contains(where: { $0 === other }) {
                seen.append(other)
            }
        }
        for other in recognizer.requirements where !seen.contains(where: { $0 === other }) {
            seen.append(other)
        }
        for other in seen { body(other) }
        seen.removeAll(keepingCapacity: true)
        sharingScratch = seen
    }

    /// Whether a recognizer that `recognizer` must wait for is still undecided.
    private func hasPendingRequirement(_ recognizer: GestureRecognizer) -> Bool {
        var pending = false
        forEachRecognizerSharingTouches(with: recognizer) { other in
            if !pending, other.state == .possible, other.isEnabled, !other.gestureTouches.isEmpty,
                recognizer.requiresFailure(of: other)
            {
                pending = true
            }
        }
        return pending
    }

    /// Whether a recognizer that `recognizer` must wait for has begun or been recognized.
    private func hasSucceededRequirement(_ recognizer: GestureRecognizer) -> Bool {
        var succeeded = false
        forEachRecognizerSharingTouches(with: recognizer) { other in
            if !succeeded, other.state == .began || other.state == .changed || other.state == .ended,
                recognizer.requiresFailure(of: other)
            {
                succeeded = true
            }
        }
        return succeeded
    }

    /// Re-examines parked recognizers: one whose requirement succeeded fails; one whose
    /// requirements have all failed makes the transition it asked for.
    private func resolveWaiters() {
        var progress = true
        while progress {
            progress = false
            for waiter in gestureWaiters {
                if hasSucceededRequirement(waiter) {
                    fail(waiter)
                    progress = true
                    break
                }
                if !hasPendingRequirement(waiter), let target = waiter.waitingState {
                    begin(waiter, as: target)
                    progress = true
                    break
                }
            }
        }
    }

    /// A29: each view whose touches this recognizer would cancel may refuse.
    private func isVetoedByViews(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.cancelsTouchesInView else { return false }
        for touch in recognizer.gestureTouches {
            let delivery = touch.delivery.pointee
            guard let view = touch.view, delivery.isOpenToView,
                delivery.stage == .began || delivery.held.contains(.began)
            else { continue }
            if !view.gestureRecognizerShouldBegin(recognizer) { return true }
        }
        return false
    }

    /// A23: every other recognizer sharing the touches that this one may block fails (still
    /// possible) or is cancelled (already active), unless either allows simultaneity or
    /// `canPrevent`/`canBePrevented` say no.
    private func excludeOthers(by recognizer: GestureRecognizer) {
        forEachRecognizerSharingTouches(with: recognizer) { other in
            guard other.state == .possible || other.state.isActive else { return }
            if recognizer.delegate?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) == true { return }
            if other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: recognizer) == true { return }
            guard recognizer.canPrevent(other), other.canBePrevented(by: recognizer) else { return }
            if other.state == .possible {
                if other.gestureTouches.isEmpty && other.waitingState == nil { return }
                fail(other)
            } else {
                other.setStateDirectly(.cancelled)
                other.performActions()
                scheduleReset(other)
            }
        }
    }

    /// A26: the views get `touchesCancelled` for the gesture's touches they have seen; held
    /// phases are dropped.
    private func cancelViewTouches(of recognizer: GestureRecognizer) {
        recognizer.gestureTouches.forEachTouch { touch in
            let state = touch.delivery
            guard state.pointee.stage != .finished else { return }
            state.pointee.held = []
            if state.pointee.stage == .began {
                state.pointee.cancelPending = true
            } else {
                state.pointee.stage = .finished
            }
        }
        guard let window = recognizer.view?.window else { return }
        sendPendingCancels(in: window, with: window.touchesEvent, including: recognizer.gestureTouches)
    }

    // MARK: - Settling

    private func scheduleReset(_ recognizer: GestureRecognizer) {
        if !gestureResets.contains(where: { $0 === recognizer }) { gestureResets.append(recognizer) }
    }

    /// Steps 4 and 5: resets (the touches down at that moment are ignored by the recognizer
    /// from then on, E17), then releases held touches whose holders are gone, then returns
    /// lingering touches to the pool.
    func settleGestures() {
        while let recognizer = gestureResets.first {
            gestureResets.removeFirst()
            activeTouches.forEachTouch { touch in touch.recognizers.removeAll { $0 === recognizer } }
            lingeringTouches.forEachTouch { touch in touch.recognizers.removeAll { $0 === recognizer } }
            recognizer.finishReset()
        }
        releaseHeldTouches()
        guard !lingeringTouches.isEmpty else { return }
        // A lingering touch whose view has nothing more to receive is of no further use to the
        // recognizers (nothing of it can be cancelled or released): they let go of it, so a
        // long-running gesture with fingers coming and going does not pin the pool.
        lingeringTouches.forEachTouch { touch in
            let delivery = touch.delivery.pointee
            guard !delivery.isHeld, !delivery.isOpenToView else { return }
            for recognizer in touch.recognizers { recognizer.forget(touch) }
        }
        var index = lingeringTouches.count - 1
        while index >= 0 {
            let touch = lingeringTouches[index]
            index -= 1
            let delivery = touch.delivery.pointee
            if delivery.recognizerReferences == 0 && !delivery.isHeld {
                lingeringTouches.remove(touch)
                returnToPool(touch)
            }
        }
    }

    /// Removes a recognizer from every touch of the window (it was disabled or detached).
    func forgetRecognizer(_ recognizer: GestureRecognizer) {
        activeTouches.forEachTouch { touch in touch.recognizers.removeAll { $0 === recognizer } }
        lingeringTouches.forEachTouch { touch in touch.recognizers.removeAll { $0 === recognizer } }
        gestureWaiters.removeAll { $0 === recognizer }
        if !isDispatching && gestureDepth == 0 { settleGestures() }
    }

    // MARK: - Held touches

    /// Whether a recognizer that may still recognize holds the touch's began phase (A27).
    func holdsBegan(_ touch: Touch) -> Bool {
        for recognizer in touch.recognizers where recognizer.delaysTouchesBegan && recognizer.isEnabled && recognizer.state == .possible {
            return true
        }
        return false
    }

    /// Whether a recognizer that may still recognize holds the touch's ended phase (A28).
    func holdsEnded(_ touch: Touch) -> Bool {
        if touch.delivery.pointee.held.contains(.began) { return true }
        for recognizer in touch.recognizers where recognizer.delaysTouchesEnded && recognizer.isEnabled && recognizer.state == .possible {
            return true
        }
        return false
    }

    /// Step 4: delivers the held phases of every touch no recognizer holds any more, in order:
    /// began (with its original location and time), one moved, then ended (E8).
    func releaseHeldTouches() {
        // Called after every recognizer pass: almost always nothing is held.
        let held: (Touch) -> Bool = { $0.delivery.pointee.isHeld }
        guard activeTouches.containsTouch(where: held) || lingeringTouches.containsTouch(where: held) else { return }
        activeTouches.forEachTouch { touch in release(touch) }
        lingeringTouches.forEachTouch { touch in release(touch) }
    }

    private func release(_ touch: Touch) {
        let state = touch.delivery
        guard state.pointee.isHeld else { return }
        if state.pointee.held.contains(.began) && holdsBegan(touch) { return }
        guard let window = touch.window, let view = touch.view, view.window === window, state.pointee.isOpenToView else {
            state.pointee.held = []
            return
        }
        let event = window.touchesEvent
        let phase = touch.phase, location = touch.screenLocation, previous = touch.previousScreenLocation
        let timestamp = touch.timestamp
        if state.pointee.held.contains(.began) {
            state.pointee.held.remove(.began)
            touch.phase = .began
            touch.screenLocation = touch.initialScreenLocation
            touch.previousScreenLocation = touch.initialScreenLocation
            touch.timestamp = touch.initialTimestamp
            state.pointee.stage = .began
            view.touchesBegan(TouchSet(CollectionOfOne(touch)), with: event)
            touch.screenLocation = location
            touch.previousScreenLocation = touch.initialScreenLocation
            touch.timestamp = timestamp
            // The current move of a touch released mid-dispatch is delivered live by the view
            // pass that follows; otherwise one replayed move brings the view up to date (E8).
            let liveMove = isDispatching && state.pointee.changed && phase == .moved
            if !liveMove && (state.pointee.held.contains(.moved) || location != touch.initialScreenLocation) {
                touch.phase = .moved
                if state.pointee.stage != .finished { view.touchesMoved(TouchSet(CollectionOfOne(touch)), with: event) }
            }
            state.pointee.held.remove(.moved)
            touch.previousScreenLocation = previous
            touch.phase = phase
        }
        if state.pointee.held.contains(.ended) && !holdsEnded(touch) && state.pointee.stage != .finished {
            state.pointee.held.remove(.ended)
            state.pointee.stage = .finished
            view.touchesEnded(TouchSet(CollectionOfOne(touch)), with: event)
        }
    }
}
