#if os(Linux)
import CPanelLinux
import Testing
import PanelCore
import PanelPlatform
import PanelLinux

/// A decoder on the US layout, fed (code, value) key events; returns what it delivered.
private struct Decoding {
    var decoder: KeyDecoder
    var delivered: [String] = []
    var unhandled: [UInt16] = []

    init(layout: Bool = true) throws {
        decoder = KeyDecoder(layout: layout ? XKBKeyboardState(keymap: try XKBKeymap()) : nil)
    }

    mutating func key(_ code: Int32, _ value: Int32) {
        var out: [String] = []
        var missed: [UInt16] = []
        decoder.unhandled = { missed.append($0) }
        _ = decoder.decode(type: UInt16(EV_KEY), code: UInt16(clamping: code), value: value, at: .zero) { out.append($0.description) }
        delivered += out
        unhandled += missed
    }

    mutating func relative(_ code: Int32, _ value: Int32) {
        _ = decoder.decode(type: UInt16(EV_REL), code: UInt16(clamping: code), value: value, at: .zero) { delivered.append($0.description) }
    }

    mutating func tap(_ code: Int32) {
        key(code, 1)
        key(code, 0)
    }

    mutating func sync(_ code: Int32 = SYN_REPORT) -> Bool {
        decoder.decode(type: UInt16(EV_SYN), code: UInt16(code), value: 0, at: .zero) { delivered.append($0.description) }
    }
}

@Suite("Key decoding: evdev key events become presses, remote commands and typed text, each press ending once")
struct KeyDecoderTests {
    @Test("letter keys type their characters and shift makes capitals")
    func lettersType() throws {
        var d = try Decoding()
        d.key(KEY_LEFTSHIFT, 1)
        d.tap(KEY_H)
        d.key(KEY_LEFTSHIFT, 0)
        d.tap(KEY_I)
        #expect(d.delivered == ["text \"H\"", "text \"i\""])
    }

    @Test("an arrow key begins a press on its way down and ends it on its way up")
    func arrowIsAPress() throws {
        var d = try Decoding()
        d.tap(KEY_UP)
        #expect(d.delivered == ["press upArrow began", "press upArrow ended"])
    }

    @Test("two keys with one press type held together make one press, begun by the first and ended by it")
    func twoKeysOnePress() throws {
        var d = try Decoding(layout: false)
        d.key(KEY_ENTER, 1)
        d.key(KEY_KPENTER, 1)
        d.key(KEY_ENTER, 0)
        d.key(KEY_KPENTER, 0)
        #expect(d.delivered == ["press select began", "press select ended"])
    }

    @Test("a second key with a held press's type, cancelled by a resynchronisation, cancels nothing twice")
    func twoKeysCancelled() throws {
        var d = try Decoding(layout: false)
        d.key(KEY_ENTER, 1)
        d.key(KEY_KPENTER, 1)
        var cancelled: [String] = []
        d.decoder.cancelAll(at: .zero) { cancelled.append($0.description) }
        #expect(d.delivered + cancelled == ["press select began", "press select cancelled"])
    }

    @Test("auto-repeat types a letter again and deletes again, but never begins a press twice")
    func autoRepeat() throws {
        var d = try Decoding()
        d.key(KEY_A, 1)
        d.key(KEY_A, 2)
        d.key(KEY_A, 0)
        d.key(KEY_BACKSPACE, 1)
        d.key(KEY_BACKSPACE, 2)
        d.key(KEY_BACKSPACE, 0)
        d.key(KEY_DOWN, 1)
        d.key(KEY_DOWN, 2)
        d.key(KEY_DOWN, 0)
        #expect(
            d.delivered == [
                "text \"a\"", "text \"a\"", "delete backward", "delete backward", "press downArrow began", "press downArrow ended",
            ])
    }

    @Test("media keys become remote-control commands, seeking begun on the press and ended on the release")
    func mediaKeysAreRemoteCommands() throws {
        var d = try Decoding(layout: false)
        d.tap(KEY_PLAYPAUSE)
        d.tap(KEY_NEXTSONG)
        d.tap(KEY_FASTFORWARD)
        #expect(
            d.delivered == [
                "remote control togglePlayPause", "remote control nextTrack", "remote control beginSeekingForward",
                "remote control endSeekingForward",
            ])
    }

    @Test("the space bar is the play/pause press and a typed space")
    func spaceIsPlayPauseAndText() throws {
        var d = try Decoding()
        d.tap(KEY_SPACE)
        #expect(d.delivered == ["press playPause began", "text \" \"", "press playPause ended"])
    }

    @Test("a release without a press (a key held when the device opened) is dropped")
    func releaseWithoutPressIsDropped() throws {
        var d = try Decoding()
        d.key(KEY_ENTER, 0)
        #expect(d.delivered.isEmpty)
    }

    @Test("cancelAll cancels each held press once and releases held modifiers")
    func cancelAllCancelsOnce() throws {
        var d = try Decoding()
        d.key(KEY_LEFT, 1)
        d.key(KEY_LEFTSHIFT, 1)
        var out: [String] = []
        d.decoder.cancelAll(at: .zero) { out.append($0.description) }
        d.decoder.cancelAll(at: .zero) { out.append($0.description) }
        #expect(out == ["press leftArrow cancelled"])
        d.tap(KEY_A)
        #expect(d.delivered.last == "text \"a\"")
    }

    @Test("after SYN_DROPPED events are dropped until SYN_REPORT, and keys the kernel has up are cancelled")
    func droppedEventsResynchronise() throws {
        var d = try Decoding()
        d.key(KEY_RIGHT, 1)
        let atDrop = d.sync(SYN_DROPPED)
        d.key(KEY_X, 1)
        let atReport = d.sync()
        #expect(!atDrop && atReport)
        var out: [String] = []
        d.decoder.resynchronize(down: { _ in false }, at: .zero) { out.append($0.description) }
        #expect(d.delivered == ["press rightArrow began"])
        #expect(out == ["press rightArrow cancelled"])
    }

    @Test("a key that types nothing is reported once, and a code beyond KEY_MAX is ignored without a trap")
    func unknownKeysReportedOnce() throws {
        var d = try Decoding(layout: false)
        d.tap(KEY_F13)
        d.tap(KEY_F13)
        d.key(Int32(UInt16.max), 1)
        #expect(d.delivered.isEmpty)
        #expect(d.unhandled == [UInt16(KEY_F13), UInt16.max])
    }

    @Test("a knob's relative steps (the rotary_encoder driver's REL_X, a dial, a wheel) are rotations by their value")
    func relativeKnob() throws {
        var d = try Decoding(layout: false)
        d.relative(REL_X, 1)
        d.relative(REL_DIAL, -2)
        d.relative(REL_WHEEL, 3)
        #expect(d.delivered == ["rotation 1", "rotation -2", "rotation 3"])
    }

    @Test("other relative axes and zero steps are not rotations")
    func otherRelativeAxes() throws {
        var d = try Decoding(layout: false)
        d.relative(REL_HWHEEL, 1)
        d.relative(REL_RX, 5)
        d.relative(REL_X, 0)
        #expect(d.delivered.isEmpty)
    }

    @Test("steps inside a dropped stretch of events are not rotations")
    func droppedRelative() throws {
        var d = try Decoding(layout: false)
        _ = d.sync(SYN_DROPPED)
        d.relative(REL_X, 4)
        #expect(d.delivered.isEmpty)
    }
}
#endif
