// evdev devices gone wrong, through the syscall mock (debug builds): the first 12 bytes are the
// device's X and Y axis ranges and its slot count; the rest is a stream of events (type, code,
// value: 8 bytes each) read by EvdevTouchSource. Invariants: start either fails with a typed
// device error or succeeds; every frame's contacts land on the panel; nothing traps.
import CPanelLinux
import FuzzSupport
import Glibc
import PanelCore

@testable import PanelLinux

final class FuzzDevice: @unchecked Sendable {
    let axes: (x: (Int32, Int32), y: (Int32, Int32), slots: Int32)
    var events: [input_event]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        func int32(_ at: Int) -> Int32 {
            guard at + 4 <= bytes.count else { return 0 }
            return Int32(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        let x = (int32(0) & 0xFFFF, int32(0) >> 16)
        axes = (x: (min(x.0, x.1), max(x.0, x.1) &+ 1), y: (int32(4), int32(8)), slots: Int32(bytes.count > 12 ? bytes[12] : 9))
        events = []
        var offset = 13
        var time = 0
        while offset + 8 <= bytes.count {
            var event = input_event()
            time += 1
            event.time.tv_sec = time
            event.type = UInt16(bytes[offset]) % 4  // EV_SYN, EV_KEY, EV_REL, EV_ABS
            event.code = UInt16(bytes[offset + 1]) | UInt16(bytes[offset + 2] & 0x01) << 8
            event.value = int32(offset + 3)
            events.append(event)
            offset += 8
        }
    }

    var driver: MockingDriver {
        MockingDriver { [self] call in
            switch call.kind {
            case .open: return .success(77)
            case .close: return .success(0)
            case .poll:
                call.argument!.assumingMemoryBound(to: pollfd.self)[0].revents = Int16(events.isEmpty ? POLLHUP : POLLIN)
                return .success(1)
            case .read:
                guard !events.isEmpty else { return .failure(Errno(rawValue: EAGAIN)) }
                let n = min(call.length / MemoryLayout<input_event>.stride, events.count)
                let out = call.argument!.assumingMemoryBound(to: input_event.self)
                for i in 0 ..< n { out[i] = events[i] }
                events.removeFirst(n)
                return .success(Int32(n * MemoryLayout<input_event>.stride))
            case .ioctl:
                return ioctl(call)
            default:
                return .success(0)
            }
        }
    }

    private func ioctl(_ call: MockingDriver.Call) -> Result<Int32, Errno> {
        for length in [8, 16, 32, 64, 96, 128] where call.request == UInt(panel_eviocgbit(UInt32(EV_ABS), UInt32(length))) {
            let bits = call.argument!.assumingMemoryBound(to: UInt8.self)
            for i in 0 ..< length { bits[i] = 0 }
            for code in [ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID] { bits[Int(code) / 8] |= 1 << UInt8(Int(code) % 8) }
            return .success(Int32(length))
        }
        for (code, range) in [(ABS_MT_POSITION_X, axes.x), (ABS_MT_POSITION_Y, axes.y), (ABS_MT_SLOT, (0, axes.slots))]
        where call.request == UInt(panel_eviocgabs(UInt32(code))) {
            var info = input_absinfo()
            info.minimum = range.0
            info.maximum = range.1
            call.argument!.storeBytes(of: info, as: input_absinfo.self)
            return .success(0)
        }
        if call.length > 0, let argument = call.argument { memset(argument, 0, call.length) }
        return .success(0)
    }
}

/// SwiftPM's entry point for this executable: libFuzzer's driver on ``fuzzEvdev``.
@_cdecl("FuzzEvdev_main")
public func fuzzEvdevMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzEvdev(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvdev(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let device = FuzzDevice(UnsafeBufferPointer(start: data, count: size))
    MockingDriver.$current.withValue(device.driver) {
        let source = EvdevTouchSource(path: "/dev/input/event9", transform: TouchscreenTransform(controllerWidth: 800, controllerHeight: 480))
        guard (try? source.start()) != nil else { return }
        for _ in 0 ..< 10_000 {
            guard (try? source.waitForData(timeout: .milliseconds(1), contactsDown: false)) != nil,
                let frame = try? source.readFrame()
            else { break }
            for contact in frame {
                precondition(
                    contact.position.x >= 0 && contact.position.x <= 799 && contact.position.y >= 0 && contact.position.y <= 479,
                    "a contact off the panel: \(contact)")
            }
            if device.events.isEmpty { break }
        }
    }
    return 0
}
