public import Logging
public import PanelBoards
public import PanelPlatform

/// What an app's platform factory is given: the board it runs (decoded, validated, its
/// calibration applied), the options in force and where to log.
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

/// Makes the platform an app runs on: a backend of the app's own, through the public
/// `Platform` protocol only (a Wayland kiosk shell, a VNC framebuffer, an SPI display with its
/// own controller). Its errors reach the app as `PanelKitError`s naming the platform.
public typealias PlatformFactory = @MainActor (PlatformContext) throws(PanelKitError) -> any Platform
