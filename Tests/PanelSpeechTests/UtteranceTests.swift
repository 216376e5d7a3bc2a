import PanelPlatform
import Testing

@Suite("Utterances are made speakable")
struct UtteranceTests {
    @Test("a label of 10 000 characters is cut at the last word boundary within the limit")
    func longLabelTruncated() {
        let label = String(repeating: "door code ", count: 1000)
        let utterance = Utterance(label)
        #expect(utterance.isTruncated)
        #expect(utterance.text.count <= Utterance.maximumLength)
        #expect(utterance.text.count > Utterance.maximumLength - 10)
        #expect(utterance.text.hasSuffix("code") || utterance.text.hasSuffix("door"))
    }

    @Test("control characters and NULs become single spaces, and the ends are trimmed")
    func controlCharactersBecomeSpaces() {
        let utterance = Utterance("\n Enter\u{0}\u{0}code\t\u{7F}now  ")
        #expect(utterance.text == "Enter code now")
        #expect(!utterance.isTruncated)
    }

    @Test("invalid UTF-8 is replaced, never passed on")
    func invalidUTF8Repaired() {
        let bytes: [UInt8] = [0x4F, 0x70, 0x65, 0x6E, 0xFF, 0xC3, 0x28, 0x20, 0x64, 0x6F, 0x6F, 0x72]
        let utterance = Utterance(utf8: bytes)
        #expect(utterance.text == "Open ( door")
        #expect(Array(utterance.text.utf8).allSatisfy { $0 != 0xFF })
    }

    @Test("text with nothing to say is empty, and an empty language means the default voice")
    func emptyText() {
        #expect(Utterance(" \n\t\u{0}").isEmpty)
        #expect(Utterance("Hello", language: "").language == nil)
    }

    @Test("rate, pitch and volume out of range are clamped, from the initializer and from a set")
    func settingsClamped() {
        var settings = SpeechSettings(rate: 10_000, pitch: -5, volume: Int.max)
        #expect(settings == SpeechSettings(rate: 450, pitch: 0, volume: 200))
        settings.rate = Int.min
        #expect(settings.rate == 80)
    }

    @Test("the transcript writes down utterances in order, with their mode, and ignores empty ones")
    func transcriptRecords() {
        let transcript = SpeechTranscript()
        transcript.speak("Enter code")
        transcript.speak("", mode: .queue)
        transcript.speak("1", mode: .queue)
        transcript.stopSpeaking()
        #expect(transcript.spoken == ["Enter code", "1"])
        #expect(transcript.entries.map(\.mode) == [.interrupt, .queue])
        #expect(transcript.stopCount == 1)
        #expect(transcript.drain() == ["Enter code", "1"])
        #expect(transcript.spoken.isEmpty)
    }
}
