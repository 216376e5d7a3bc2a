import Logging
import PanelBoards
import PanelLinuxPlatform
import PanelPlatform

#if Simulator
import PanelSimulator
#endif

/// The Linux board's platform for `context`, or why there is none.
@MainActor
func makeLinuxPlatform(_ context: PlatformContext) throws(PanelKitError) -> any Platform {
    let board = context.board
    guard !board.isMock else {
        throw PanelKitError(
            .arguments, "\(board.name) is a mock board: it has no devices to run on; run it headless (the default) or in a window with --simulator")
    }
    #if os(Linux)
    return try LinuxPlatform(
        board: board, realtimePriority: context.options.realtimePriority, registry: context.options.controllers, logger: context.logger)
    #else
    throw PanelKitError(.touch, "\(board.name): real boards need Linux; use --headless or --simulator")
    #endif
}

/// The simulator's window for `context`'s board, or why this build has none.
@MainActor
func makeSimulatorPlatform(_ context: PlatformContext) throws(PanelKitError) -> any Platform {
    #if Simulator
    let board = context.board
    let options = context.options
    let configuration = SimulatorConfiguration(
        panelWidth: board.display.width, panelHeight: board.display.height, format: pixelFormat(board.display.format),
        rotation: board.display.rotation, title: board.model, scale: options.scale, screenshotDirectory: options.output ?? ".")
    let logger = context.logger
    return try SimulatorPlatform(configuration: configuration, log: { logger.info("\($0)") })
    #else
    throw PanelKitError(
        .arguments,
        "this build has no simulator: build it with the Simulator trait (swift run --traits Simulator …; for an app package, enable PanelKit's Simulator trait), which needs Debian's libsdl2-dev (scripts/setup --simulator)"
    )
    #endif
}
