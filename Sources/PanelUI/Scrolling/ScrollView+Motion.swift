internal import RealModule

/// One axis of a scroll view moving on its own: a glide (deceleration) that may turn into a
/// bounce at an edge, or a spring to a target (a bounce back, a page, an animated offset).
struct AxisMotion {
    enum Kind {
        case decelerating(origin: Double, velocity: Double, rate: Double)
        case springing(target: Double, displacement: Double, velocity: Double)
    }

    var kind: Kind
    var start: MonotonicInstant

    init(decelerateFrom position: Double, velocity: Double, rate: Double, at start: MonotonicInstant) {
        kind = .decelerating(origin: position, velocity: velocity, rate: rate)
        self.start = start
    }

    init(springFrom position: Double, to target: Double, velocity: Double, at start: MonotonicInstant) {
        kind = .springing(target: target, displacement: position - target, velocity: velocity)
        self.start = start
    }

    /// A motion from `position` that comes to rest exactly at `target`: a glide whose speed is
    /// chosen to end there when the lift was heading that way fast enough, else a spring.
    init?(from position: Double, to target: Double, velocity: Double, rate: Double, at start: MonotonicInstant) {
        let distance = target - position
        if abs(distance) < 0.01 && abs(velocity) < 0.05 { return nil }
        // A glide covers `−v / ln rate`: the speed that covers `distance`.
        let glide = -distance * Double.log(rate)
        if rate > 0, rate < 1, glide * velocity > 0, abs(glide) >= 0.05, abs(glide) <= max(abs(velocity) * 2, 0.5) {
            self.init(decelerateFrom: position, velocity: glide, rate: rate, at: start)
        } else {
            self.init(springFrom: position, to: target, velocity: velocity, at: start)
        }
    }

    /// Where the motion comes to rest if nothing stops it.
    var restingPosition: Double {
        switch kind {
        case .decelerating(let origin, let velocity, let rate):
            return ScrollPhysics.restingPosition(from: origin, velocity: velocity, rate: rate)
        case .springing(let target, _, _):
            return target
        }
    }

    /// The position at `now`, and whether the axis has come to rest. A glide that crosses
    /// `low` or `high` becomes a spring back to that edge with the velocity it had (or stops
    /// there, without `bounces`).
    mutating func advance(to now: MonotonicInstant, low: Double, high: Double, bounces: Bool) -> (position: Double, done: Bool) {
        let t = Double((now - start).nanoseconds) / 1_000_000
        switch kind {
        case .decelerating(let origin, let velocity, let rate):
            let position = ScrollPhysics.decelerated(from: origin, velocity: velocity, rate: rate, after: t)
            let v = ScrollPhysics.deceleratedVelocity(velocity, rate: rate, after: t)
            if position < low || position > high {
                let edge = position < low ? low : high
                guard bounces else { return (edge, true) }
                self = AxisMotion(springFrom: position, to: edge, velocity: v, at: now)
                return (position, false)
            }
            // At rest when less than half a point of the glide is left: where it would end.
            let remaining = ScrollPhysics.remainingGlide(velocity: v, rate: rate)
            return abs(remaining) < 0.5 ? (ScrollPhysics.restingPosition(from: origin, velocity: velocity, rate: rate), true) : (position, false)
        case .springing(let target, let displacement, let velocity):
            let x = ScrollPhysics.spring(displacement: displacement, velocity: velocity, after: t)
            let v = ScrollPhysics.springVelocity(displacement: displacement, velocity: velocity, after: t)
            if abs(x) < 0.5 && abs(v) < 0.02 { return (target, true) }
            return (target + x, false)
        }
    }
}

extension ScrollView {
    /// Starts moving on its own; each frame of the application's ``FrameClock`` advances it.
    func startMotion(x: AxisMotion?, y: AxisMotion?, animated: Bool) {
        guard window?.application != nil else { return }
        stopMotion()
        motion = (x, y, animated)
        isDecelerating = !animated
        showIndicators()
        startFrames()
    }

    /// Stops a motion in progress where it is (a new touch, a set offset).
    func stopMotion() {
        motion = nil
        isDecelerating = false
        stopFramesIfIdle()
    }

    /// Registers the view with the application's frame clock, once.
    func startFrames() {
        guard frameHandle == nil, let application = window?.application else { return }
        frameHandle = application.frameClock.add(self)
    }

    /// Unregisters the view when nothing moves and nothing fades.
    func stopFramesIfIdle() {
        guard motion == nil, fadeStart == nil, let frameHandle else { return }
        window?.application?.frameClock.remove(frameHandle)
        self.frameHandle = nil
    }

    /// One frame of the motion: returns whether another is needed.
    private func step(to now: MonotonicInstant) -> Bool {
        guard var current = motion else { return false }
        let low = minimumContentOffset
        let high = maximumContentOffset
        var offset = contentOffset
        var done = true
        if var x = current.x {
            let (position, finished) = x.advance(to: now, low: low.x, high: high.x, bounces: bounces || current.animated)
            offset.x = position
            current.x = finished ? nil : x
            done = done && finished
        }
        if var y = current.y {
            let (position, finished) = y.advance(to: now, low: low.y, high: high.y, bounces: bounces || current.animated)
            offset.y = position
            current.y = finished ? nil : y
            done = done && finished
        }
        motion = current
        moveContent(to: offset)
        guard done else { return true }
        motion = nil
        isDecelerating = false
        fadeIndicators()
        if current.animated {
            delegate?.scrollViewDidEndScrollingAnimation(self)
        } else {
            delegate?.scrollViewDidEndDecelerating(self)
        }
        return false
    }
}

extension ScrollView: FrameClockClient {
    /// One frame: the motion (a glide, a bounce, an animated offset) and the indicators' fade.
    public func frameClockTick(_ now: MonotonicInstant) -> Bool {
        if motion != nil { _ = step(to: now) }
        if let fadeStart {
            let elapsed = Double((now - fadeStart).nanoseconds) / 1_000_000
            let alpha = max(1 - elapsed / ScrollIndicator.fadeDuration, 0)
            verticalIndicator.alpha = alpha
            horizontalIndicator.alpha = alpha
            if alpha == 0 { self.fadeStart = nil }
        }
        guard motion != nil || fadeStart != nil else {
            frameHandle = nil
            return false
        }
        return true
    }
}
