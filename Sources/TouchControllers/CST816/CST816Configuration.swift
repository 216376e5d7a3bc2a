public import PanelCore

// The CST816 driver's settings and what it learns at start: plain values, outside the generic
// driver type.

/// The board's settings for a CST816.
public struct CST816Configuration: Sendable {
    /// The chip's 7-bit address (0x15 on every known module).
    public var address: I2CAddress = .cst816
    /// Controller → UI mapping.
    public var transform: TouchscreenTransform
    /// Let the chip sleep after ``autoSleepSeconds`` without a touch (it then ignores the bus
    /// until a touch wakes it, which the S and T do). Off by default: the driver writes
    /// DisAutoSleep so the chip stays awake (about 1.6 mA more) and answers at any time. Only with
    /// an interrupt line: polling a sleeping chip reads nothing.
    public var autoSleep = false
    /// Seconds without a touch before the chip sleeps, with ``autoSleep`` (1…255).
    public var autoSleepSeconds: UInt8 = 2
    /// What pulses INT: a pulse per report while touched and one at each change (down, lift).
    public var interruptControl: CST816InterruptControl = [.touch, .change]
    /// Write MotionMask (0xEC) at start; nil leaves the chip's (its continuous swipes and double
    /// tap only change the gesture register).
    public var motionMask: UInt8?
    /// Poll period without an interrupt line, and while a finger is down.
    public var pollInterval: MonotonicDuration = .milliseconds(10)
    /// Reset held (the modules' code holds RST low 10–20 ms).
    public var resetPulse: MonotonicDuration = .milliseconds(10)
    /// Wait after releasing reset before the first access (the firmware boots in about 50 ms).
    public var startupDelay: MonotonicDuration = .milliseconds(50)
    /// How ``CST816/recover()`` tries the chip without a reset before resetting it.
    public var recovery = RecoveryPolicy()
    /// Accept a 0xA7 value missing from ``CST816Chip``'s table instead of failing.
    public var acceptUnknownChip = false
    /// Malformed reports tolerated silently right after a (re)start.
    public var garbageTolerance = 3

    /// Creates a configuration.
    public init(transform: TouchscreenTransform) {
        self.transform = transform
    }
}

/// What ``CST816/start()`` learned about the chip.
public struct CST816ChipInfo: Sendable, Hashable {
    /// The chip, from 0xA7.
    public var chip: CST816Chip
    /// The module maker's project number (0xA8).
    public var projectID: UInt8
    /// Firmware version (0xA9).
    public var firmwareVersion: UInt8
    /// The address it answered at.
    public var address: I2CAddress
}

extension I2CAddress {
    /// The Hynitron CST816's address.
    public static let cst816 = I2CAddress(0x15)
}
