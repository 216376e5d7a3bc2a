public import PanelBoards
public import PanelCore

/// One kind of touch controller, as the chip registry knows it: what a board file may say
/// about it (``model``), how its driver is built from a board on a bus and lines (``launch(on:reset:interrupt:clock:board:with:)``),
/// A controller is a driver (in TouchControllers) and one type conforming to this protocol,
/// listed in ``TouchControllerRegistry/standard``; its register-level twin for the bench lives
/// with the bench (PanelBench's `EmulatedTouchController`), so an app on a board links no
/// emulator. Nothing else
/// names the chip: the board decoder, the bench, the Linux input thread and `panelctl probe`
/// and `monitor` all go through the registry. An app adds its own controller by conforming a
/// type and passing a registry that lists it.
///
/// The driver is handed to a ``DriverLauncher``, not returned, so that the input thread runs
/// the concrete driver type (no existential on the hot path).
public protocol TouchController: SendableMetatype {
    /// What a board file may say about this controller (compatibles, addresses, limits).
    static var model: TouchControllerModel { get }

    /// Builds the driver for `board` (its configuration decoded from the board's `touch`
    /// object) on `bus` and its lines, and hands it to `launcher` with a way to describe the
    /// chip once started.
    /// - Throws: what `launcher` throws (a driver that did not start).
    static func launch<Bus: I2CBus, Reset: DigitalOutput, Interrupt: ReconfigurableLine, Clock: MonotonicClock, Launcher: DriverLauncher>(
        on bus: sending Bus, reset: sending Reset?, interrupt: sending Interrupt?, clock: sending Clock, board: Board, with launcher: Launcher
    ) throws(Launcher.Failure) -> Launcher.Result
}

/// Takes a driver built by a ``TouchController`` and runs it: starts it in a pipeline on an
/// input thread (a board), or steps it in virtual time (the bench), or probes it once.
public protocol DriverLauncher {
    /// What launching makes (an input thread, a stepped pipeline).
    associatedtype Result
    /// Why launching failed.
    associatedtype Failure: Error
    /// Starts `driver`; `identify` describes the chip once the driver has started.
    func launch<Driver: TouchSource>(_ driver: sending Driver, identify: @escaping (Driver) -> DriverIdentity) throws(Failure) -> Result
}

/// A started chip, described for a person (probe, demo, monitor, the log at start).
public struct DriverIdentity: Sendable, Hashable {
    /// Lines such as `chip: FT6336U (FocalTech), vendor 0x11, firmware 16` and `contacts: 2`.
    public var lines: [String]
    /// The resolution the chip reports in, when it says so itself (a GT911's configuration);
    /// nil: the board file's `touchscreen-size-x`/`-y`.
    public var resolution: (width: Int, height: Int)?

    /// A chip described by `lines`, reporting in `resolution` when it says so.
    public init(_ lines: [String], resolution: (width: Int, height: Int)? = nil) {
        self.lines = lines
        self.resolution = resolution
    }

    public static func == (a: DriverIdentity, b: DriverIdentity) -> Bool {
        a.lines == b.lines && a.resolution?.width == b.resolution?.width && a.resolution?.height == b.resolution?.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lines)
        hasher.combine(resolution?.width)
        hasher.combine(resolution?.height)
    }
}
