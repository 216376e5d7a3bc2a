#if os(Linux)
public import Logging
public import PanelBoards
import PanelCore
public import PanelLinux
public import PanelPlatform

/// A board's key devices (`keys` in the board file) on the UI's run loop: each device's
/// descriptor is watched by epoll and its events are delivered to the client as they come,
/// on the main actor. No thread and no timer: with no key pressed nothing wakes.
///
/// A device that goes away (a USB keyboard unplugged) has its presses cancelled and is
/// dropped with one line; the app keeps running.
@MainActor
public final class LiveKeys {
    /// The open devices.
    public private(set) var sources: [EvdevKeySource] = []
    /// The layout keys type with (nil when the board's keys do not type).
    public let keymap: XKBKeymap?
    /// What the devices identified, for logs.
    public private(set) var identification: [String] = []
    private var registrations: [LinuxRunLoop.Source] = []
    private let logger: Logger

    /// Opens the board's key devices and compiles its layout.
    /// - Throws: `PanelKitError` (kind `.keys`): a device that is not optional is missing,
    ///   refused, grabbed by another program or has no keys; the layout is unknown.
    public init(board: Board, logger: Logger) throws(PanelKitError) {
        let logger = logger.subsystem("keys")
        self.logger = logger
        let keys = board.keys
        guard !keys.devices.isEmpty else {
            keymap = nil
            return
        }
        do {
            keymap = try XKBKeymap(names: .init(layout: keys.layout ?? "us", variant: keys.variant, options: keys.options))
        } catch {
            throw PanelKitError(.keys, "\(board.path ?? board.name): keys", error)
        }
        for device in keys.devices {
            let path: String
            do {
                path = try Self.path(of: device, board: board)
            } catch {
                if device.optional {
                    logger.warning("\(device) is not here; going on without it (\(error.description))")
                    continue
                }
                throw error
            }
            let source = EvdevKeySource(path: path, grab: device.grab, layout: keymap.map { XKBKeyboardState(keymap: $0) }) { code in
                logger.notice("\(path): key code \(code) does nothing here; ignored")
            }
            do {
                try source.open()
            } catch {
                if device.optional, case .deviceNotFound = error {
                    logger.warning("\(device) is not here; going on without it")
                    continue
                }
                throw PanelKitError(.keys, "\(board.path ?? board.name): keys", error)
            }
            sources.append(source)
            identification.append("keys: \(path) \"\(source.name ?? "?")\"\(keymap.map { ", \($0.names)" } ?? "")")
        }
    }

    /// Watches every device on `runLoop`, delivering to `client`.
    public func start(on runLoop: LinuxRunLoop, client: any RunLoopClient) throws(PanelKitError) {
        for source in sources {
            do {
                let registration = try runLoop.add(fileDescriptor: source.fileDescriptor) { [weak self, weak client, weak runLoop, unowned source] _ in
                    guard let self, let client, let runLoop else { return }
                    self.read(source, runLoop: runLoop, client: client)
                }
                registrations.append(registration)
            } catch {
                throw PanelKitError(.system, error)
            }
        }
    }

    private func read(_ source: EvdevKeySource, runLoop: LinuxRunLoop, client: any RunLoopClient) {
        do {
            try source.read { client.handle($0) }
        } catch {
            // Gone (unplugged) or broken: end what it holds down and stop watching it.
            source.cancelAll(at: client.clock.now) { client.handle($0) }
            if let index = registrations.firstIndex(where: { $0.fileDescriptor == source.fileDescriptor }) {
                runLoop.remove(registrations.remove(at: index))
            }
            source.close()
            logger.warning("\(error); going on without it")
        }
    }

    /// Cancels every press held down and closes the devices.
    public func stop(runLoop: LinuxRunLoop, client: any RunLoopClient) {
        for registration in registrations { runLoop.remove(registration) }
        registrations.removeAll()
        for source in sources {
            source.cancelAll(at: client.clock.now) { client.handle($0) }
            source.close()
        }
    }

    /// The device's path: given, or found by name.
    static func path(of device: Board.KeyDevice, board: Board) throws(PanelKitError) -> String {
        if let path = device.device { return path }
        let present = EvdevKeySource.keyDevices()
        for name in device.names {
            if let path = EvdevTouchSource.match(name: name, in: present) { return path }
        }
        throw PanelKitError(
            .keys,
            "\(board.path ?? board.name): keys: no input device with keys named \(device); "
                + (present.isEmpty
                    ? "no key devices are readable (is its kernel driver loaded? is the user in the `input` group?)"
                    : "present: \(present.map { "\($0.path) \"\($0.name)\"" }.joined(separator: ", ")); set keys.devices[].device-name to one of them"))
    }
}
#endif
