import PanelCore

/// A driver that recovers as FocalTech's, Hynitron's and Goodix's do: re-probe the chip
/// without touching RESET (its ``RecoveryPolicy``), and go on reading when it answers as the chip
/// it was; only when it does not, start it again (with a reset, when a line is wired). The
/// drivers differ only in what one re-probe reads and what reading again resets.
protocol ReprobingRecovery: TouchSource {
    /// What the chip was at its last start (its ID, its address).
    associatedtype KnownChip
    /// The clock the re-probes wait on.
    associatedtype RecoveryClock: MonotonicClock

    /// The chip as it last started; nil before a start succeeded.
    var knownChip: KnownChip? { get }
    /// How often and how far apart to re-probe.
    var recoveryPolicy: RecoveryPolicy { get }
    /// The clock the re-probes wait on.
    var recoveryClock: RecoveryClock { get }
    /// One re-probe: whether the chip answers as `known` (and took back what it needs).
    mutating func reprobe(expecting known: KnownChip) -> Bool
    /// Reading starts afresh after a re-probe that succeeded.
    mutating func resumeReading() throws(TouchSourceError)
}

extension ReprobingRecovery {
    /// Re-probes the chip without a reset, up to the policy's count; reading goes on when it
    /// answers as it was, else the driver starts again.
    mutating func recoverByReprobing() throws(TouchSourceError) {
        if let known = knownChip, recoveryPolicy.reprobe(on: recoveryClock, { reprobe(expecting: known) }) {
            try resumeReading()
            return
        }
        try start()
    }
}
