/// Where every ``Touch`` of the process comes from, and why no touch is ever deallocated.
///
/// An application's dispatcher takes its pool from here and gives it back when it goes away, so a
/// program that makes many applications (tests, a restarted UI) reuses the same objects. Every
/// touch ever created stays in ``everyTouch``, a list that only grows: a touch can never be
/// deallocated, which is what lets ``TouchSet`` hold touches without retaining them and the
/// dispatcher keep per-touch state behind a plain pointer (``Touch/delivery``).
@MainActor
enum TouchReservoir {
    /// Every touch created, kept alive for the life of the process (at most the largest number
    /// of touches the applications alive at one time had, 20 each by default).
    private static var everyTouch: [Touch] = []
    /// Touches no application holds.
    private static var spare: [Touch] = []

    /// `count` touches, cleared, for an application's pool.
    static func take(_ count: Int) -> [Touch] {
        var touches: [Touch] = []
        touches.reserveCapacity(count)
        while touches.count < count {
            if let touch = spare.popLast() {
                touches.append(touch)
            } else {
                let touch = Touch()
                touch.recognizers.reserveCapacity(16)
                everyTouch.append(touch)
                touches.append(touch)
            }
        }
        return touches
    }

    /// Takes back touches an application no longer uses (each cleared first).
    static func giveBack(_ touches: some Sequence<Touch>) {
        for touch in touches {
            touch.recycle()
            spare.append(touch)
        }
    }
}
