public import Logging
public import PanelBoards
import PanelControllers
public import PanelPlatform

#if Bench
public import PanelCore
#endif

/// What a platform factory is given: the board it runs (decoded, validated, its calibration
/// applied), the options in force and where to log.
public struct PlatformContext: Sendable {
    /// The board: its display (size, format, rotation) is what the platform must show.
    public let board: Board
    /// The options in force (after `PANELKIT_BOARD` and the command line).
    public let options: PanelAppOptions
    /// Where the platform reports what it found and what went wrong.
    public let logger: Logger

    /// A context for making the platform of `board`.
    public init(board: Board, options: PanelAppOptions, logger: Logger) {
        self.board = board
        self.options = options
        self.logger = logger
    }
}

/// Makes the platform an app runs on. PanelKit's own backends are factories like any other
/// (``linux``, ``simulator``, ``headless``), and an app brings its own through the public
/// `Platform` protocol only (a Wayland kiosk shell, a VNC framebuffer, an SPI display with its
/// own controller): `PlatformFactory(name: "line") { context in try LinePlatform(…) }`. The
/// errors of an app's factory reach the app as `PanelKitError`s naming the platform.
///
/// Two factories are equal when they have the same name.
public struct PlatformFactory: Sendable, Equatable, CustomStringConvertible {
    /// What the factory makes, for messages and for the command line's `--headless` and
    /// `--simulator` ("headless", "linux", "simulator"; an app's own: the name it gave).
    public let name: String
    /// Whether it is one of PanelKit's own, whose errors already name their platform.
    let isBuiltIn: Bool
    private let make: @MainActor @Sendable (PlatformContext) throws(PanelKitError) -> any Platform

    /// A factory of the app's own, called `name` in messages.
    public init(name: String = "app", _ make: @escaping @MainActor @Sendable (PlatformContext) throws(PanelKitError) -> any Platform) {
        self.init(name: name, isBuiltIn: false, make)
    }

    private init(name: String, isBuiltIn: Bool, _ make: @escaping @MainActor @Sendable (PlatformContext) throws(PanelKitError) -> any Platform) {
        self.name = name
        self.isBuiltIn = isBuiltIn
        self.make = make
    }

    /// Makes the platform for `context`'s board.
    @MainActor
    public func makePlatform(_ context: PlatformContext) throws(PanelKitError) -> any Platform {
        try make(context)
    }

    /// The factory's name.
    public var description: String { name }

    /// Factories are told apart by name.
    public static func == (a: PlatformFactory, b: PlatformFactory) -> Bool { a.name == b.name }

    /// PanelKit's backend for a board nobody chose one for: headless for a mock board, the
    /// Linux board otherwise.
    static func standard(for board: Board) -> PlatformFactory {
        #if Bench
        board.isMock ? builtInHeadless : .linux
        #else
        board.isMock ? builtInHeadless : .linux
        #endif
    }

    /// A real board (a real board's default): the I2C driver on its bus and GPIO lines (or the
    /// evdev device) on an input thread, the Linux framebuffer or DRM card, and the epoll run
    /// loop until SIGINT or SIGTERM. A mock board is refused, naming `--simulator`.
    public static let linux = PlatformFactory(name: "linux", isBuiltIn: true) { context throws(PanelKitError) in
        try makeLinuxPlatform(context)
    }

    /// A desktop window (SDL2, in a build with the `Simulator` trait; `--simulator`): the
    /// board's screen, the mouse as a finger, the keyboard as the panel's buttons.
    public static let simulator = PlatformFactory(name: "simulator", isBuiltIn: true) { context throws(PanelKitError) in
        try makeSimulatorPlatform(context)
    }

    #if Bench
    /// A memory framebuffer and the board's controller emulated on the mock bus, in virtual
    /// time (a mock board's default; `--headless`): scripted sessions and tests
    /// (``HeadlessPlatform``).
    public static let headless = headless()

    /// The headless backend, holding virtual time for at most `workTimeout` of real time
    /// while the app's work is under way (``HeadlessPlatform/workTimeout``).
    public static func headless(workTimeout: MonotonicDuration = HeadlessPlatform.defaultWorkTimeout) -> PlatformFactory {
        PlatformFactory(name: "headless", isBuiltIn: true) { context throws(PanelKitError) in
            let platform = try HeadlessPlatform(board: context.board.emulated(), registry: context.options.controllers)
            platform.workTimeout = workTimeout
            return platform
        }
    }

    /// PanelKit's headless backend, as `--headless` and a mock board choose it.
    static var builtInHeadless: PlatformFactory { headless }
    #else
    /// What a mock board runs on in a build without the bench: an error that names the trait.
    static let builtInHeadless = PlatformFactory(name: "headless", isBuiltIn: true) { context throws(PanelKitError) in
        throw PanelKitError(
            .arguments,
            "\(context.board.name) is a mock board, and this build has no headless backend (its emulated chips): build with PanelKit's Bench trait (a default one), or run a real board"
        )
    }
    #endif
}
