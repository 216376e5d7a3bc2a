public import PanelCore

/// Where a reader's touch gesture stands: which fingers are down, how far they went, and the
/// last tap (for a double tap).
struct TouchExploration {
    /// The longest touch that still counts as a tap.
    static let tapDuration = MonotonicDuration.milliseconds(300)
    /// How far a tap may wander, in points.
    static let tapSlop = 20.0
    /// How soon a second tap must begin after the first ends to make a double tap.
    static let doubleTapInterval = MonotonicDuration.milliseconds(350)
    /// How long a finger rests before the element under it is spoken.
    static let restDuration = MonotonicDuration.milliseconds(150)

    var down: [UInt8: Point] = [:]
    var start: (time: MonotonicInstant, point: Point)?
    var fingers = 0
    var exploring = false
    var lastTapEnded: MonotonicInstant?
    var pendingTap: Point?
    var pendingTimer: TimerHandle?
    var doubleTapping = false
}

extension ScreenReader {
    /// A touch frame while the reader is on: explore, tap, double tap or two-finger tap. The
    /// app's views see none of it.
    func handleTouches(_ frame: TouchFrame) {
        let now = frame.timestamp
        var ended = false
        for index in 0 ..< frame.count {
            let contact = frame[index]
            switch contact.phase {
            case .began:
                if exploration.down.isEmpty { beginGesture(at: contact.position, time: now) }
                exploration.down[contact.trackID] = contact.position
                exploration.fingers = max(exploration.fingers, exploration.down.count)
            case .moved, .stationary:
                exploration.down[contact.trackID] = contact.position
            case .ended, .cancelled:
                exploration.down[contact.trackID] = nil
                ended = true
            }
        }
        guard let start = exploration.start else { return }
        if let point = exploration.down.values.first, exploration.down.count == 1, exploration.fingers == 1 {
            let wandered = point.distance(to: start.point) > TouchExploration.tapSlop
            if wandered || now - start.time >= TouchExploration.restDuration { exploration.exploring = true }
            if exploration.exploring { explore(at: point) }
        }
        if ended && exploration.down.isEmpty { endGesture(time: now) }
    }

    private func beginGesture(at point: Point, time: MonotonicInstant) {
        if let lastTap = exploration.lastTapEnded, time - lastTap <= TouchExploration.doubleTapInterval {
            cancelPendingTap()
            exploration.lastTapEnded = nil
            exploration.start = (time, point)
            exploration.fingers = 0
            exploration.exploring = false
            exploration.pendingTap = nil
            exploration.doubleTapping = true
            return
        }
        exploration.doubleTapping = false
        exploration.start = (time, point)
        exploration.fingers = 0
        exploration.exploring = false
    }

    private func endGesture(time: MonotonicInstant) {
        guard let start = exploration.start else { return }
        let isTap = !exploration.exploring && time - start.time <= TouchExploration.tapDuration
        exploration.start = nil
        defer { exploration.fingers = 0 }
        guard isTap else {
            exploration.lastTapEnded = nil
            return
        }
        if exploration.doubleTapping {
            exploration.doubleTapping = false
            activate()
            return
        }
        switch exploration.fingers {
        case 1:
            // A lone tap speaks what it landed on, once no second tap has come.
            exploration.lastTapEnded = time
            exploration.pendingTap = start.point
            scheduleSingleTap()
        case 2:
            speech.stopSpeaking()
        default:
            break
        }
    }

    private func scheduleSingleTap() {
        cancelPendingTap()
        exploration.pendingTimer = try? application.scheduleTimer(after: TouchExploration.doubleTapInterval) { [weak self] _ in
            guard let self, let point = self.exploration.pendingTap else { return }
            self.exploration.pendingTap = nil
            self.exploration.pendingTimer = nil
            // A tap says what it landed on even when the reader is already there.
            if let element = self.element(at: point) { self.focus(element) }
        }
    }

    private func cancelPendingTap() {
        if let timer = exploration.pendingTimer { application.cancelTimer(timer) }
        exploration.pendingTimer = nil
    }

    /// Speaks the element under `point` (screen coordinates) when it is not the one spoken last.
    func explore(at point: Point) {
        guard let element = element(at: point), element !== focusedElement else { return }
        focus(element)
    }

    /// The element under a point in screen coordinates: the hit view or its nearest ancestor
    /// that the reader visits, else the element whose frame holds the point.
    public func element(at point: Point) -> View? {
        guard let window = application.keyWindow else { return nil }
        let order = window.accessibilityReadingOrder()
        let local = window.convertFromScreen(point)
        var view = window.hitTest(local, with: nil)
        while let current = view {
            if order.contains(where: { $0 === current }) { return current }
            view = current.superview
        }
        return order.last { element in
            element.convert(element.bounds, to: window).contains(local)
        }
    }
}
