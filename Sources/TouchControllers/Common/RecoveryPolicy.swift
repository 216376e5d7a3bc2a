public import PanelCore

/// How a driver brings its controller back after failed reads (``TouchSource/recover()``).
///
/// Most failures are transient: a burst of NAKs from a loose cable or a brown-out of the bus,
/// a few garbage reads. The chip itself is fine and keeps its state, and a hard reset would
/// cost its whole start-up wait (300 ms for a FocalTech part, about 80 ms of strap sequence
/// for a Goodix one) for nothing. So a recovery re-probes first: it reads the chip's
/// identification without touching RESET, up to ``reprobes`` times ``reprobeInterval`` apart,
/// and when the chip answers as itself the driver re-applies its settings and goes on. Only
/// when every re-probe fails (the chip hung, lost power, or answers as something else) does it
/// reset the chip and pay the start-up wait.
public struct RecoveryPolicy: Sendable, Hashable {
    /// Re-probes before a hard reset; 0 resets at once.
    public var reprobes = 4
    /// The pause between two re-probes.
    public var reprobeInterval: MonotonicDuration = .milliseconds(5)

    /// The defaults: four re-probes 5 ms apart (15 ms) before a reset.
    public init() {}

    /// Runs `probe` up to ``reprobes`` times, ``reprobeInterval`` apart on `clock`, until it
    /// answers true; whether it did.
    func reprobe<Clock: MonotonicClock>(on clock: Clock, _ probe: () -> Bool) -> Bool {
        var attempt = 0
        while attempt < reprobes {
            if attempt > 0 { clock.sleep(for: reprobeInterval) }
            if probe() { return true }
            attempt += 1
        }
        return false
    }
}
