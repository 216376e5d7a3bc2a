#if os(Linux)
public import PanelBoards
import PanelCore
public import PanelLinux
public import PanelPlatform

/// A board's GPIO buttons (`buttons` in the board file) on the UI's run loop: each line's edge
/// descriptor and debounce timer are watched by epoll, and presses are delivered to the client
/// as they are decided. Nothing wakes between pushes.
@MainActor
public final class LiveButtons {
    /// The buttons, in the board's order.
    public private(set) var buttons: [GPIOButton] = []
    private var registrations: [LinuxRunLoop.Source] = []
    private let log: (String) -> Void

    /// Requests the board's button lines.
    /// - Throws: ``PanelKitError`` (kind `.keys`): a line that is missing or in use (naming its
    ///   consumer), or refused.
    public init(board: Board, log: @escaping (String) -> Void) throws(PanelKitError) {
        self.log = log
        for (i, button) in board.buttons.enumerated() {
            do {
                let line = try LiveInput.pin(button.pin, .input(edges: .both, bias: button.pin.bias))
                buttons.append(
                    try GPIOButton(
                        line: line, type: button.press.pressType, interval: .milliseconds(Int64(button.debounceMilliseconds)), mode: button.debounce))
            } catch let error as PanelKitError {
                throw PanelKitError(.keys, "\(board.path ?? board.name): buttons[\(i)]: \(error.description)")
            } catch {
                throw PanelKitError(.keys, "\(board.path ?? board.name): buttons[\(i)] (\(button.pin)): \(error)")
            }
        }
    }

    /// What the buttons are, for logs.
    public var identification: [String] {
        buttons.map { "button: \($0.line.name) → \($0.type), \($0.debouncer.mode) debounce \($0.debouncer.interval)" }
    }

    /// Watches every button on `runLoop`, delivering to `client`.
    public func start(on runLoop: LinuxRunLoop, client: any RunLoopClient) throws(PanelKitError) {
        for button in buttons {
            guard let (edges, deadline) = button.fileDescriptors else { continue }
            do {
                registrations.append(
                    try runLoop.add(fileDescriptor: edges) { [weak self, weak client, unowned button] _ in
                        guard let self, let client else { return }
                        self.run(button, client) { (deliver) throws(GPIOError) in try button.readEdges(deliver) }
                    })
                registrations.append(
                    try runLoop.add(fileDescriptor: deadline) { [weak self, weak client, unowned button] _ in
                        guard let self, let client else { return }
                        self.run(button, client) { (deliver) throws(GPIOError) in try button.deadlinePassed(deliver) }
                    })
            } catch {
                throw PanelKitError(.system, "\(error)")
            }
        }
    }

    private func run(_ button: GPIOButton, _ client: any RunLoopClient, _ body: ((DeviceInput) -> Void) throws(GPIOError) -> Void) {
        do {
            try body { client.handle($0) }
        } catch {
            button.cancel(at: client.clock.now) { client.handle($0) }
            log("button \(button.line.name): \(error)")
        }
    }

    /// Cancels a press held down and stops watching.
    public func stop(runLoop: LinuxRunLoop, client: any RunLoopClient) {
        for registration in registrations { runLoop.remove(registration) }
        registrations.removeAll()
        for button in buttons { button.cancel(at: client.clock.now) { client.handle($0) } }
    }
}

extension Board.Button.Press {
    /// UIKit's press type for it.
    public var pressType: PressType {
        switch self {
        case .up: .upArrow
        case .down: .downArrow
        case .left: .leftArrow
        case .right: .rightArrow
        case .select: .select
        case .menu: .menu
        case .playPause: .playPause
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        }
    }
}
#endif
