import FuzzSupport
// Key devices gone wrong: each input picks a keyboard layout (none, us, de, fr) with its first
// byte, then is a stream of 8-byte evdev events (type, code, value little-endian) through the
// real KeyDecoder: any key code, auto-repeat, SYN_DROPPED and the resynchronisation after it,
// knobs. Invariants: nothing traps; a press ends or is cancelled only after it began, at most
// once; typed text is never empty; after the device goes away (cancelAll) no press is left.
import Glibc
import PanelCore
import PanelLinux
import PanelPlatform

/// SwiftPM's entry point for this executable: libFuzzer's driver on ``fuzzKeys``.
@_cdecl("FuzzKeys_main")
public func fuzzKeysMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzKeys(data, size) }
}

/// The layouts, compiled once (a compile takes milliseconds); each input gets a fresh
/// keyboard state over one of them.
final class Layouts: @unchecked Sendable {
    let keymaps: [XKBKeymap?]

    init() {
        var keymaps: [XKBKeymap?] = [nil]
        for names in [XKBKeymap.Names(layout: "us"), .init(layout: "de"), .init(layout: "fr", variant: "nodeadkeys")] {
            guard let keymap = try? XKBKeymap(names: names) else { fatalError("xkb-data has no \(names) layout: scripts/setup installs it") }
            keymaps.append(keymap)
        }
        self.keymaps = keymaps
    }
}

/// libFuzzer calls the target on one thread, one input at a time: the layouts are never shared.
private let layouts = Layouts()

/// What the decoder delivered, checked as it goes.
struct PressLedger {
    var down: Set<PressType> = []

    mutating func take(_ input: DeviceInput) {
        switch input {
        case .press(let type, let phase, _):
            switch phase {
            case .began:
                precondition(down.insert(type).inserted, "\(type) began twice")
            case .ended, .cancelled:
                precondition(down.remove(type) != nil, "\(type) \(phase) without beginning")
            }
        case .text(let text, _):
            precondition(!text.isEmpty, "empty text typed")
        case .shake, .deleteBackward, .remoteControl, .rotation:
            break
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let keymap = layouts.keymaps[Int(bytes[0]) % layouts.keymaps.count]
    var decoder = KeyDecoder(layout: keymap.map { XKBKeyboardState(keymap: $0) })
    var ledger = PressLedger()
    var time = MonotonicInstant(nanoseconds: 1)
    var offset = 1
    while offset + 8 <= size {
        let type = bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian
        let code = bytes.loadUnaligned(fromByteOffset: offset + 2, as: UInt16.self).littleEndian
        let value = bytes.loadUnaligned(fromByteOffset: offset + 4, as: Int32.self).littleEndian
        offset += 8
        time = time + .milliseconds(1)
        let resynchronize = decoder.decode(type: type % 4, code: code, value: value, at: time) { ledger.take($0) }
        if resynchronize {
            // The kernel's state after the drop: the bits of the event's code and value.
            let pattern = UInt32(truncatingIfNeeded: value)
            decoder.resynchronize(down: { ($0 ^ code) & 31 < 32 && pattern & (1 << UInt32(($0 ^ code) & 31)) != 0 }, at: time) { ledger.take($0) }
        }
    }
    decoder.cancelAll(at: time + .milliseconds(1)) { ledger.take($0) }
    precondition(ledger.down.isEmpty, "presses left down after cancelAll: \(ledger.down)")
    return 0
}
