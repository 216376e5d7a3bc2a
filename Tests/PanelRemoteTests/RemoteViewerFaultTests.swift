#if os(Linux)
import BenchScreens
import Glibc
import PanelCore
import PanelRemote
import PanelUI
import Testing

/// Big-endian bytes of a 16-bit value, as RFB writes them.
private func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

@Suite("RemoteServer: viewers that fail mid-way", .serialized)
@MainActor
struct RemoteViewerFaultTests {
    @Test("a viewer that disconnects with the button down cancels its finger: touchCancel once, no touchUpInside")
    func disconnectMidDrag() throws {
        let harness = try RemoteHarness()
        var cancels = 0
        var downs = 0
        harness.grid.buttons[1].addAction(.closure("cancel") { _, _ in cancels += 1 }, for: .touchCancel)
        harness.grid.buttons[1].addAction(.closure("down") { _, _ in downs += 1 }, for: .touchDown)
        let viewer = try RawViewer(port: harness.server.port)
        #expect(viewer.authenticate(harness.password, harness: harness))
        let center = harness.grid.center(of: 1)
        viewer.send([1])  // ClientInit: shared
        viewer.send([5, 1] + be16(Int(center.x)) + be16(Int(center.y)))  // PointerEvent, left button down
        harness.turn(until: { downs == 1 }, seconds: 5)
        viewer.close()
        harness.turn(until: { harness.server.clientCount == 0 }, seconds: 5)
        harness.turn()
        #expect(downs == 1)
        #expect(cancels == 1)
        #expect(harness.taps == 0)
    }

    @Test("stopping the server while a viewer's button is down cancels that finger once")
    func stopMidDrag() throws {
        let harness = try RemoteHarness()
        var cancels = 0
        var downs = 0
        harness.grid.buttons[2].addAction(.closure("cancel") { _, _ in cancels += 1 }, for: .touchCancel)
        harness.grid.buttons[2].addAction(.closure("down") { _, _ in downs += 1 }, for: .touchDown)
        let viewer = try RawViewer(port: harness.server.port)
        defer { viewer.close() }
        #expect(viewer.authenticate(harness.password, harness: harness))
        let center = harness.grid.center(of: 2)
        viewer.send([1])
        viewer.send([5, 1] + be16(Int(center.x)) + be16(Int(center.y)))
        harness.turn(until: { downs == 1 }, seconds: 5)
        harness.server.stop()
        harness.turn()
        #expect(downs == 1)
        #expect(cancels == 1)
        #expect(harness.server.clientCount == 0)
    }

    @Test("a viewer that stops reading is dropped after the write timeout, and the UI's turns never wait on it")
    func slowViewerDropped() throws {
        let harness = try RemoteHarness(clientTimeout: .milliseconds(1))
        let viewer = try RawViewer(port: harness.server.port)
        defer { viewer.close() }
        #expect(viewer.authenticate(harness.password, harness: harness))
        viewer.send([1])
        // Asks for the whole screen again and again, and never reads a byte of it, while the
        // screen changes every turn.
        var longest = MonotonicDuration.zero
        let start = SystemClock().now
        var turns = 0
        while harness.server.clientCount > 0 && SystemClock().now < start + .seconds(Int64(20)) {
            viewer.send([3, 0] + be16(0) + be16(0) + be16(800) + be16(480))
            harness.grid.buttons[turns % 4].isHighlighted.toggle()
            let before = SystemClock().now
            harness.turn(1)
            longest = max(longest, SystemClock().now - before)
            turns += 1
        }
        #expect(harness.server.clientCount == 0)
        #expect(longest < .milliseconds(100), "the longest turn took \(longest)")
        #expect(harness.log.contains("127.0.0.1 disconnected"))
    }
}

@Suite("RemoteServer: who gets in, and for how long", .serialized)
@MainActor
struct RemoteAdmissionTests {
    @Test("a third viewer is refused while two are connected, and the refusal is logged")
    func maxClients() throws {
        let harness = try RemoteHarness()
        let first = try RawViewer(port: harness.server.port)
        let second = try RawViewer(port: harness.server.port)
        defer { first.close(); second.close() }
        #expect(first.authenticate(harness.password, harness: harness))
        #expect(second.authenticate(harness.password, harness: harness))
        let third = try RawViewer(port: harness.server.port)
        defer { third.close() }
        #expect(third.challenge(harness: harness) == nil)
        harness.turn()
        #expect(harness.log.contains("refused 127.0.0.1: 2 viewers are connected already"))
        #expect(harness.server.clientCount == 2)
    }

    @Test("a viewer that sends nothing for the idle timeout is disconnected, and that is logged")
    func idleTimeout() throws {
        let harness = try RemoteHarness(idleTimeout: .seconds(Int64(1)))
        let viewer = try RawViewer(port: harness.server.port)
        defer { viewer.close() }
        #expect(viewer.authenticate(harness.password, harness: harness))
        harness.turn(until: { harness.server.clientCount == 0 }, seconds: 5)
        #expect(harness.server.clientCount == 0)
        #expect(harness.log.contains("127.0.0.1 idle for"))
    }

    @Test("with a certificate, a viewer that is not encrypted is refused")
    func tlsRefusesPlain() throws {
        var template = Array("/tmp/panelremote-tls-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw Failure("mkdtemp") }
        let directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer {
            for name in ["cert.pem", "key.pem"] { unlink(directory + "/" + name) }
            rmdir(directory)
        }
        let command =
            "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=panel -keyout \(directory)/key.pem -out \(directory)/cert.pem 2>/dev/null"
        #expect(system(command) == 0)
        let harness = try RemoteHarness(tls: (directory + "/cert.pem", directory + "/key.pem"))
        let viewer = try RawViewer(port: harness.server.port)
        defer { viewer.close() }
        #expect(viewer.challenge(harness: harness) == nil)
        harness.turn()
        #expect(harness.log.contains("refused 127.0.0.1: not encrypted"))
    }
}

@Suite("RemoteKey: a viewer's keys as the simulator's keyboard")
struct RemoteKeyTests {
    @Test("arrows, Return, Escape and the page keys press the panel's buttons, on press and release")
    func presses() {
        #expect(RemoteKey.from(keysym: 0xFF52, typing: false) == .press(.upArrow))
        #expect(RemoteKey.from(keysym: 0xFF0D, typing: true) == .press(.select))
        #expect(RemoteKey.from(keysym: 0xFF1B, typing: false) == .press(.menu))
        #expect(RemoteKey.from(keysym: 0xFF56, typing: false) == .press(.pageDown))
        let press = RemoteKey.press(.select)
        #expect(press.input(down: true, at: .zero) == .press(.select, .began, timestamp: .zero))
        #expect(press.input(down: false, at: .zero) == .press(.select, .ended, timestamp: .zero))
    }

    @Test("characters are text only while a text field takes text; Space is play/pause otherwise")
    func text() {
        #expect(RemoteKey.from(keysym: 0x61, typing: true) == .text("a"))
        #expect(RemoteKey.from(keysym: 0x61, typing: false) == nil)
        #expect(RemoteKey.from(keysym: 0x20, typing: true) == .text(" "))
        #expect(RemoteKey.from(keysym: 0x20, typing: false) == .press(.playPause))
        #expect(RemoteKey.from(keysym: 0xE9, typing: true) == .text("é"))
        #expect(RemoteKey.from(keysym: 0x0100_4E2D, typing: true) == .text("中"))
    }

    @Test("text and Backspace act on the key's press only")
    func pressOnly() {
        #expect(RemoteKey.text("a").input(down: false, at: .zero) == nil)
        #expect(RemoteKey.from(keysym: 0xFF08, typing: true)?.input(down: true, at: .zero) == .deleteBackward(timestamp: .zero))
        #expect(RemoteKey.deleteBackward.input(down: false, at: .zero) == nil)
    }

    @Test("control keysyms and keysyms past Unicode are nothing, whatever their value")
    func nothing() {
        #expect(RemoteKey.from(keysym: 0x1F, typing: true) == nil)
        #expect(RemoteKey.from(keysym: 0xFFFF_FFFF, typing: true) == nil)
        #expect(RemoteKey.from(keysym: 0x0100_D800, typing: true) == nil)
    }
}

@Suite("FailureLimiter: password guessing slowed per address")
struct FailureLimiterTests {
    let t0 = MonotonicInstant.zero + .seconds(Int64(1000))

    @Test("an address is locked after the limit of failures within the window, and unlocked after the lockout")
    func locksAndUnlocks() {
        var limiter = FailureLimiter(limit: 3, window: .seconds(Int64(60)), lockout: .seconds(Int64(30)))
        for i in 0 ..< 3 {
            #expect(!limiter.isLocked("10.0.0.1", at: t0))
            limiter.recordFailure("10.0.0.1", at: t0 + .seconds(Int64(i)))
        }
        #expect(limiter.isLocked("10.0.0.1", at: t0 + .seconds(Int64(3))))
        #expect(!limiter.isLocked("10.0.0.2", at: t0 + .seconds(Int64(3))))
        #expect(!limiter.isLocked("10.0.0.1", at: t0 + .seconds(Int64(33))))
    }

    @Test("failures spread wider than the window do not add up")
    func windowForgets() {
        var limiter = FailureLimiter(limit: 3, window: .seconds(Int64(10)), lockout: .seconds(Int64(30)))
        for i in 0 ..< 10 { limiter.recordFailure("a", at: t0 + .seconds(Int64(i * 6))) }
        #expect(!limiter.isLocked("a", at: t0 + .seconds(Int64(55))))
    }

    @Test("a success forgets the address's failures")
    func successForgets() {
        var limiter = FailureLimiter(limit: 2)
        limiter.recordFailure("a", at: t0)
        limiter.recordSuccess("a")
        limiter.recordFailure("a", at: t0)
        #expect(!limiter.isLocked("a", at: t0))
    }

    @Test("failures from many addresses together lock every address at four times the limit")
    func floodFromMany() {
        var limiter = FailureLimiter(limit: 2, capacity: 4)
        for i in 0 ..< 8 { limiter.recordFailure("10.0.0.\(i)", at: t0) }
        #expect(limiter.isLocked("10.0.0.200", at: t0))
    }
}
#endif
