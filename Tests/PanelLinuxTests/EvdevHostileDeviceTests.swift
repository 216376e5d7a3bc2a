#if os(Linux)
import CPanelLinux
import Glibc
import PanelCore
import Testing
@testable import PanelLinux

#if DEBUG
/// A fake evdev device behind the syscall mock: a multitouch screen whose axes and slots report
/// the given ranges, and whose reads return `events`. Nothing a device reports traps.
private final class FakeTouchscreen: @unchecked Sendable {
    var x: (Int32, Int32)
    var y: (Int32, Int32)
    var slotMaximum: Int32
    var events: [input_event] = []

    init(x: (Int32, Int32) = (0, 4095), y: (Int32, Int32) = (0, 4095), slotMaximum: Int32 = 9) {
        self.x = x
        self.y = y
        self.slotMaximum = slotMaximum
    }

    func add(_ type: Int32, _ code: Int32, _ value: Int32, seconds: Int = 1) {
        var event = input_event()
        event.time.tv_sec = seconds
        event.type = UInt16(type)
        event.code = UInt16(code)
        event.value = value
        events.append(event)
    }

    var driver: MockingDriver {
        MockingDriver { [self] call in
            switch call.kind {
            case .open: return .success(77)
            case .close: return .success(0)
            case .poll:
                let fds = call.argument!.assumingMemoryBound(to: pollfd.self)
                fds[0].revents = Int16(POLLIN)
                return .success(1)
            case .read:
                let room = call.length / MemoryLayout<input_event>.stride
                guard !events.isEmpty else { return .failure(Errno(rawValue: EAGAIN)) }
                let n = min(room, events.count)
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
        let request = call.request
        if request == UInt(panel_eviocgname(255)) || request == UInt(panel_eviocgname(UInt32(call.length))) {
            let name = Array("Fake touchscreen\0".utf8)
            name.withUnsafeBytes { call.argument!.copyMemory(from: $0.baseAddress!, byteCount: name.count) }
            return .success(Int32(name.count))
        }
        for length in [8, 16, 32, 64, 96, 128] where request == UInt(panel_eviocgbit(UInt32(EV_ABS), UInt32(length))) {
            let bits = call.argument!.assumingMemoryBound(to: UInt8.self)
            for i in 0 ..< length { bits[i] = 0 }
            for code in [ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID] {
                bits[Int(code) / 8] |= 1 << UInt8(Int(code) % 8)
            }
            return .success(Int32(length))
        }
        func range(_ code: Int32, _ lower: Int32, _ upper: Int32) -> Result<Int32, Errno>? {
            guard request == UInt(panel_eviocgabs(UInt32(code))) else { return nil }
            var info = input_absinfo()
            info.minimum = lower
            info.maximum = upper
            call.argument!.storeBytes(of: info, as: input_absinfo.self)
            return .success(0)
        }
        for count in 1 ... 17 where request == UInt(panel_eviocgmtslots(UInt32(MemoryLayout<Int32>.stride * (count + 1)))) {
            // Every slot empty: tracking ID -1, positions 0.
            let values = call.argument!.assumingMemoryBound(to: Int32.self)
            for i in 1 ... count { values[i] = values[0] == ABS_MT_TRACKING_ID ? -1 : 0 }
            return .success(0)
        }
        if let r = range(ABS_MT_POSITION_X, x.0, x.1) { return r }
        if let r = range(ABS_MT_POSITION_Y, y.0, y.1) { return r }
        if let r = range(ABS_MT_SLOT, 0, slotMaximum) { return r }
        return .success(0)
    }
}

@Suite("evdev devices that report absurd numbers")
struct EvdevHostileDeviceTests {
    @Test("a device whose axes span all of Int32 is reported as not a touchscreen, not fatal")
    func wholeInt32Range() {
        let device = FakeTouchscreen(x: (Int32.min, Int32.max), y: (Int32.min, Int32.max))
        MockingDriver.$current.withValue(device.driver) {
            let source = EvdevTouchSource(path: "/dev/input/event9")
            #expect(throws: TouchSourceError.self) { try source.start() }
            #expect(source.lastDeviceError?.description.contains("ABS_MT_POSITION_X") == true)
        }
    }

    @Test("a device reporting a negative number of slots is reported, not fatal")
    func negativeSlots() {
        let device = FakeTouchscreen(slotMaximum: -5)
        MockingDriver.$current.withValue(device.driver) {
            let source = EvdevTouchSource(path: "/dev/input/event9")
            #expect(throws: TouchSourceError.self) { try source.start() }
            #expect(source.lastDeviceError?.description.contains("ABS_MT_SLOT") == true)
        }
    }

    @Test("coordinates far outside the device's own range land on the screen's edge", arguments: [Int32.min, Int32.max])
    func outOfRangeCoordinates(value: Int32) throws {
        let device = FakeTouchscreen(x: (1, 4096), y: (1, 4096))
        try MockingDriver.$current.withValue(device.driver) {
            let source = EvdevTouchSource(path: "/dev/input/event9", transform: TouchscreenTransform(controllerWidth: 800, controllerHeight: 480))
            try source.start()
            device.add(EV_ABS, ABS_MT_SLOT, 0)
            device.add(EV_ABS, ABS_MT_TRACKING_ID, 5)
            device.add(EV_ABS, ABS_MT_POSITION_X, value)
            device.add(EV_ABS, ABS_MT_POSITION_Y, value)
            device.add(EV_SYN, SYN_REPORT, 0)
            _ = try source.waitForData(timeout: .milliseconds(10), contactsDown: false)
            let frame = try #require(try source.readFrame())
            #expect(frame.count == 1)
            let p = frame[0].position
            #expect(p.x >= 0 && p.x <= 799 && p.y >= 0 && p.y <= 479)
        }
    }

    @Test("an event stamped before 1970 does not trap the timestamp arithmetic")
    func negativeTime() throws {
        let device = FakeTouchscreen()
        try MockingDriver.$current.withValue(device.driver) {
            let source = EvdevTouchSource(path: "/dev/input/event9")
            try source.start()
            device.add(EV_ABS, ABS_MT_SLOT, 0)
            device.add(EV_ABS, ABS_MT_TRACKING_ID, 1)
            device.add(EV_SYN, SYN_REPORT, 0, seconds: -10)
            _ = try source.waitForData(timeout: .milliseconds(10), contactsDown: false)
            #expect(try source.readFrame() != nil)
        }
    }
}
#endif
#endif
