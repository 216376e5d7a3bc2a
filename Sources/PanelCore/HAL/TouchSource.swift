/// A way a touch frame could not be read, naming the condition and what to check.
public enum TouchSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No device acknowledged at any of the addresses tried.
    case noDevice(addresses: [I2CAddress], underlying: I2CError)
    /// The identification register held a value this driver does not know.
    case unexpectedChipID(register: UInt16, value: [UInt8])
    /// The controller's configuration block failed its checksum.
    case checksumMismatch(expected: UInt16, found: UInt16)
    /// A configuration write was refused before it was sent; the reason says why.
    case configurationRejected(reason: String)
    /// A report broke the protocol: see ``ProtocolViolation``.
    case protocolViolation(ProtocolViolation)
    /// A bus transfer failed.
    case bus(I2CError)
    /// A GPIO operation failed.
    case gpio(GPIOError)
    /// The source is not started (call `start()` first) or was closed.
    case notStarted
    /// The device itself failed (a kernel input device missing, unplugged or unreadable); the
    /// message names the cause and the fix.
    case device(description: String)

    public var description: String {
        switch self {
        case .noDevice(let addresses, let underlying):
            var list = ""
            for (i, a) in addresses.enumerated() { list += (i == 0 ? "" : " or ") + a.description }
            return
                "no touch controller answers at \(list) (\(underlying.kind)): check the bus number and address in the board file, the wiring and power, the reset line, and that no kernel driver (edt-ft5x06, goodix) owns the chip"
        case .unexpectedChipID(let register, let value):
            var bytes = ""
            for b in value { bytes += (bytes.isEmpty ? "" : " ") + hex(b, digits: 2) }
            return
                "unexpected chip ID [\(bytes)] in register 0x\(hex(register, digits: 2)): the board file names another controller, or the chip is not ready; check the compatible string"
        case .checksumMismatch(let expected, let found):
            return
                "configuration checksum mismatch (computed 0x\(hex(expected, digits: 2)), chip has 0x\(hex(found, digits: 2))): the read was corrupted (check pull-ups and cable length) or the stored configuration is damaged"
        case .configurationRejected(let reason):
            return "configuration not written: \(reason)"
        case .protocolViolation(let violation):
            return "malformed report: \(violation); the frame was dropped (a noisy bus, a clone chip, or garbage right after reset)"
        case .bus(let error):
            return error.description
        case .gpio(let error):
            return error.description
        case .notStarted:
            return "the touch source is not started: call start() first"
        case .device(let description):
            return description
        }
    }
}

/// How a report broke the controller's protocol.
public enum ProtocolViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// More contacts than the chip can report.
    case tooManyContacts(count: Int, maximum: Int)
    /// A track ID outside the chip's range (FocalTech 0xF means "no touch").
    case invalidTrackID(UInt8)
    /// The same track ID twice in one report.
    case duplicateTrackID(UInt8)
    /// A coordinate beyond the controller's resolution.
    case coordinateOutOfRange(x: Int, y: Int)

    public var description: String {
        switch self {
        case .tooManyContacts(let count, let maximum): "\(count) contacts reported, the chip supports \(maximum)"
        case .invalidTrackID(let id): "invalid track ID \(id)"
        case .duplicateTrackID(let id): "track ID \(id) reported twice"
        case .coordinateOutOfRange(let x, let y): "coordinate (\(x), \(y)) outside the controller's resolution"
        }
    }
}

/// Why ``TouchSource/waitForData(timeout:contactsDown:)`` returned.
public enum WakeReason: Sendable, Hashable {
    /// The interrupt line signalled new data, at the edge's kernel timestamp.
    case interrupt(MonotonicInstant)
    /// The polling period elapsed (no interrupt line, or fingers are down and the source polls
    /// to catch a missed lift).
    case poll
    /// The timeout passed with nothing to read.
    case timeout
}

/// Something that produces ``TouchFrame``s: a userspace controller driver, the kernel's evdev
/// device, or a scripted source in tests. The single seam between hardware and the UI.
///
/// ## Contract
/// - `init` does no I/O; ``start()`` brings the device up and may sleep.
/// - ``waitForData(timeout:contactsDown:)`` blocks until there may be a frame to read. It never busy-waits.
/// - ``readFrame()`` reads one report. It returns nil when there is nothing new (GT911 "not
///   ready", a spurious interrupt); otherwise a frame of the contacts the device reports, with
///   phase `.moved` for a finger that is down and `.ended` for an explicit lift record.
///   Phases and identities are the ``TouchTracker``'s job.
/// - ``recover()`` resets the device after repeated failures and brings it back up.
/// - Errors are typed; after any error the source can still be used.
public protocol TouchSource {
    /// Brings the device up: reset, identification, configuration.
    mutating func start() throws(TouchSourceError)
    /// Waits until a frame may be read. `contactsDown` tells the source whether fingers are down,
    /// so that it can poll for the lift a controller may never signal.
    mutating func waitForData(timeout: MonotonicDuration?, contactsDown: Bool) throws(TouchSourceError) -> WakeReason
    /// Reads one report.
    mutating func readFrame() throws(TouchSourceError) -> TouchFrame?
    /// Resets the device and brings it back up.
    mutating func recover() throws(TouchSourceError)
}
