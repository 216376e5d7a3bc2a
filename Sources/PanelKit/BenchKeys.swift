#if Bench
#if os(Linux)
public import PanelBoards
public import PanelCore
import PanelLinux
import PanelLinuxPlatform
public import PanelPlatform

/// A board's key devices (`keys`: a keypad, a keyboard, `gpio-keys`) on the bench: the key
/// events their evdev device would send, through the real `KeyDecoder` and the board's XKB
/// layout, so a script's keys reach the app as presses, typed text and remote commands, as on
/// the board.
public final class BenchKeys {
    private var decoder: KeyDecoder

    /// The decoder for `board`'s layout; nil when the board has no key devices.
    /// - Throws: `PanelKitError` (kind `.keys`) for a layout XKB does not know.
    public init?(board: Board) throws(PanelKitError) {
        let keys = board.keys
        guard !keys.devices.isEmpty else { return nil }
        let keymap: XKBKeymap
        do {
            keymap = try XKBKeymap(names: .init(layout: keys.layout ?? "us", variant: keys.variant, options: keys.options))
        } catch {
            throw PanelKitError(.keys, "\(board.path ?? board.name): keys", error)
        }
        decoder = KeyDecoder(layout: XKBKeyboardState(keymap: keymap))
    }

    /// A key (a Linux key code: 28 Enter, 103 Up, 30 A) going down or up at `time`, then the
    /// report that ends the device's event.
    public func key(_ code: UInt16, down: Bool, at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        _ = decoder.decode(type: 1, code: code, value: down ? 1 : 0, at: time, deliver)  // EV_KEY
        _ = decoder.decode(type: 0, code: 0, value: 0, at: time, deliver)  // EV_SYN, SYN_REPORT
    }

    /// Cancels the presses of keys held down (the session is stopping).
    public func cancel(at time: MonotonicInstant, _ deliver: (DeviceInput) -> Void) {
        decoder.cancelAll(at: time, deliver)
    }
}
#endif
#endif
