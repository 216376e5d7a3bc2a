import PanelBench
import PanelCore
import PanelPlatform
import PanelUI
import Testing

/// The screen reader's warning before idle blanking: its user cannot see the screen dim.
@Suite("Idle blanking with a screen reader: a spoken warning first, and input keeps the screen on")
@MainActor
struct IdleWarningTests {
    static let warning = "The screen turns off in 10 seconds. Touch the screen or press a key to keep it on."

    /// An idle bench that blanks after 60 s, with the reader on (or off) and its words cleared.
    func bench(readerOn: Bool = true, policy: IdlePolicy = IdlePolicy(blankAfter: .milliseconds(60_000))) -> (IdleBench, SpeechTranscript) {
        let b = IdleBench(policy: policy)
        let speech = SpeechTranscript()
        b.app.speechOutput = speech
        b.app.isScreenReaderEnabled = readerOn
        b.app.runOnce()
        _ = speech.drain()
        return (b, speech)
    }

    @Test("with the reader on, the warning is spoken 10 s before the screen blanks, once, and then it blanks")
    func warnsOnce() {
        let (b, speech) = bench()
        b.wait(seconds: 49)
        #expect(speech.spoken.isEmpty)
        b.wait(seconds: 1)
        #expect(speech.spoken == [Self.warning])
        #expect(speech.entries.map(\.mode) == [.queue])
        b.wait(seconds: 9)
        #expect(speech.spoken == [Self.warning])
        #expect(b.screen.states.isEmpty)
        b.wait(seconds: 1)
        #expect(b.screen.states == [.blanked])
    }

    @Test("a touch after the warning keeps the screen on, and the next idle spell is warned again")
    func touchKeepsItOn() {
        let (b, speech) = bench()
        b.wait(seconds: 55)
        b.tap()
        b.wait(seconds: 30)
        #expect(b.screen.states.isEmpty)
        b.wait(seconds: 25)
        #expect(speech.spoken.filter { $0 == Self.warning }.count == 2)
        #expect(b.screen.states.isEmpty)
    }

    @Test("with the reader off nothing is said, and the screen blanks on time")
    func readerOffSilent() {
        let (b, speech) = bench(readerOn: false)
        b.wait(seconds: 60)
        #expect(speech.spoken.isEmpty)
        #expect(b.screen.states == [.blanked])
    }

    @Test("a warning longer than half the blanking time is held to half: 5 s before a 10 s blank")
    func heldToHalf() {
        let (b, speech) = bench(policy: IdlePolicy(blankAfter: .milliseconds(10_000)))
        b.wait(seconds: 4)
        #expect(speech.spoken.isEmpty)
        b.wait(seconds: 1)
        #expect(speech.spoken == ["The screen turns off in 5 seconds. Touch the screen or press a key to keep it on."])
    }
}
