#if os(Linux)
public import Logging
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
    /// The rotary encoders, in the board's order.
    public private(set) var encoders: [GPIOEncoder] = []
    private var registrations: [LinuxRunLoop.Source] = []
    private let logger: Logger

    /// Requests the board's button lines.
    /// - Throws: `PanelKitError` (kind `.keys`): a line that is missing or in use (naming its
    ///   consumer), or refused.
    public init(board: Board, logger: Logger) throws(PanelKitError) {
        self.logger = logger.subsystem("buttons")
        for (i, button) in board.buttons.enumerated() {
            do {
                let line = try LiveInput.pin(button.pin, .input(edges: .both, bias: button.pin.bias))
                buttons.append(
                    try GPIOButton(
                        line: line, type: button.press.pressType, interval: .milliseconds(Int64(button.debounceMilliseconds)), mode: button.debounce,
                        holding: button.hold.behavior))
            } catch let error as PanelKitError {
                throw PanelKitError(.keys, "\(board.path ?? board.name): buttons[\(i)]: \(error.description)", underlying: error.underlying ?? error)
            } catch {
                throw PanelKitError(.keys, "\(board.path ?? board.name): buttons[\(i)] (\(button.pin)): \(error)", underlying: error)
            }
        }
        for (i, encoder) in board.encoders.enumerated() {
            do {
                let a = try LiveInput.pin(encoder.a, .input(edges: .both, bias: encoder.a.bias))
                let b = try LiveInput.pin(encoder.b, .input(edges: .both, bias: encoder.b.bias))
                encoders.append(try GPIOEncoder(a: a, b: b, resolution: encoder.resolution))
            } catch let error as PanelKitError {
                throw PanelKitError(.keys, "\(board.path ?? board.name): encoders[\(i)]: \(error.description)", underlying: error.underlying ?? error)
            } catch {
                throw PanelKitError(.keys, "\(board.path ?? board.name): encoders[\(i)]: \(error)", underlying: error)
            }
        }
    }

    /// What the buttons and encoders are, for logs.
    public var identification: [String] {
        buttons.map { "button: \($0.line.name) → \($0.type), \($0.debouncer.mode) debounce \($0.debouncer.interval)" }
            + encoders.map { "encoder: \($0.a.name) and \($0.b.name), \($0.decoder.resolution)" }
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
                throw PanelKitError(.system, error)
            }
        }
        for encoder in encoders {
            for fd in encoder.fileDescriptors {
                do {
                    registrations.append(
                        try runLoop.add(fileDescriptor: fd) { [weak self, weak client, unowned encoder] _ in
                            guard let self, let client else { return }
                            do {
                                try encoder.readEdges { client.handle($0) }
                            } catch {
                                // A line that fails stays failed: stop watching it rather than spin.
                                self.logger.warning("encoder \(encoder.a.name): \(error); ignoring it from now on")
                                self.unwatch(encoder.fileDescriptors, on: runLoop)
                            }
                        })
                } catch {
                    throw PanelKitError(.system, error)
                }
            }
        }
    }

    private func run(_ button: GPIOButton, _ client: any RunLoopClient, _ body: ((DeviceInput) -> Void) throws(GPIOError) -> Void) {
        do {
            try body { client.handle($0) }
        } catch {
            button.cancel(at: client.clock.now) { client.handle($0) }
            logger.warning("button \(button.line.name): \(error)")
        }
    }

    private func unwatch(_ descriptors: [Int32], on runLoop: LinuxRunLoop) {
        for registration in registrations where descriptors.contains(registration.fileDescriptor) { runLoop.remove(registration) }
        registrations.removeAll { descriptors.contains($0.fileDescriptor) }
    }

    /// Cancels a press held down and stops watching.
    public func stop(runLoop: LinuxRunLoop, client: any RunLoopClient) {
        for registration in registrations { runLoop.remove(registration) }
        registrations.removeAll()
        for button in buttons { button.cancel(at: client.clock.now) { client.handle($0) } }
    }
}

#endif
