import PanelCore
import PanelRemote
import Testing

extension TouchFrame {
    /// The frame's one contact.
    var only: Contact? {
        var iterator = makeIterator()
        return iterator.next()
    }
}

@Suite("RemotePointer: a viewer's left button is one finger")
struct RemotePointerTests {
    @Test("the button down, a move and the button up are a finger's began, moved and ended")
    func pressDragRelease() throws {
        var pointer = RemotePointer(width: 800, height: 480)
        let beganFrame = pointer.update(buttons: 1, x: 10, y: 20, at: .zero)
        let began = try #require(beganFrame)
        let movedFrame = pointer.update(buttons: 1, x: 30, y: 20, at: .zero)
        let moved = try #require(movedFrame)
        let endedFrame = pointer.update(buttons: 0, x: 30, y: 20, at: .zero)
        let ended = try #require(endedFrame)
        #expect(began.map(\.phase) == [.began] && moved.map(\.phase) == [.moved] && ended.map(\.phase) == [.ended])
        #expect(moved.only?.position == Point(x: 30, y: 20))
        #expect(Set([began, moved, ended].compactMap(\.only?.identity)).count == 1)
    }

    @Test("a move with no button, or to the same place, dispatches nothing")
    func nothingWithoutChange() {
        var pointer = RemotePointer(width: 800, height: 480)
        #expect(pointer.update(buttons: 0, x: 5, y: 5, at: .zero) == nil)
        _ = pointer.update(buttons: 1, x: 5, y: 5, at: .zero)
        #expect(pointer.update(buttons: 1, x: 5, y: 5, at: .zero) == nil)
    }

    @Test("a viewer gone with the button down cancels the finger, once")
    func cancelMidDrag() {
        var pointer = RemotePointer(width: 800, height: 480)
        _ = pointer.update(buttons: 1, x: 5, y: 5, at: .zero)
        #expect(pointer.cancel(at: .zero)?.map(\.phase) == [.cancelled])
        #expect(pointer.cancel(at: .zero) == nil)
    }

    @Test("positions outside the screen are clamped to its edge")
    func clamped() {
        var pointer = RemotePointer(width: 800, height: 480)
        let frame = pointer.update(buttons: 1, x: 65_535, y: -4, at: .zero)
        #expect(frame?.only?.position == Point(x: 799, y: 0))
    }

    @Test("remote fingers have identities no controller's tracker gives, distinct per viewer and per press")
    func identities() {
        var a = RemotePointer(width: 10, height: 10, identityBase: 0)
        var b = RemotePointer(width: 10, height: 10, identityBase: 1 << 16)
        let first = a.update(buttons: 1, x: 1, y: 1, at: .zero)?.only?.identity
        _ = a.update(buttons: 0, x: 1, y: 1, at: .zero)
        let second = a.update(buttons: 1, x: 1, y: 1, at: .zero)?.only?.identity
        let other = b.update(buttons: 1, x: 1, y: 1, at: .zero)?.only?.identity
        #expect(first.map { $0 >= 0x8000_0000 } == true)
        #expect(Set([first, second, other].compactMap { $0 }).count == 3)
    }
}
