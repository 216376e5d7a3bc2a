#if os(Linux)
import Glibc
import InMemoryLogging
import Logging
import PanelCore
import PanelFiles
import PanelPlatform
import PanelSpeech
import Testing

/// espeak-ng has one synthesiser per process: these tests take turns.
@Suite("espeak-ng speaks", .serialized)
struct ESpeakOutputTests {
    private func temporaryPath(_ name: String) -> String {
        "/tmp/panelkit-speech-\(getpid())-\(name)"
    }

    @Test("'Enter code' spoken to a WAV file lasts between 0.3 and 3 seconds and is not silent")
    func wavFileHasSpeech() throws {
        let path = temporaryPath("enter-code.wav")
        let output = try ESpeakOutput(destination: .wavFile(path))
        output.speak("Enter code")
        output.waitUntilDone()
        output.close()
        let audio = try WAVAudio(decoding: readFileBytes(path))
        #expect(audio.sampleRate == 22_050)
        #expect(audio.duration > 0.3 && audio.duration < 3, "duration \(audio.duration) s")
        #expect(audio.rms > 0.01, "rms \(audio.rms)")
        #expect(output.statistics.completed == 1)
    }

    @Test("an interrupt cuts off the utterance being spoken and drops the queue")
    func interruptCutsOff() throws {
        let long = String(repeating: "Please enter the code of the door on the keypad below. ", count: 9)
        let output = try ESpeakOutput(destination: .memory)
        output.speak(long)
        output.speak("queued", mode: .queue)
        output.stopSpeaking()
        output.speak("Stop")
        output.waitUntilDone()
        let statistics = output.statistics
        #expect(statistics.completed == 1, "only 'Stop' ends")
        #expect(statistics.interrupted == 2)
        // The whole long text is about 25 seconds; cut off, little of it was made.
        #expect(output.recordedAudio.duration < 10, "\(output.recordedAudio.duration) s")
    }

    @Test("queued utterances are spoken one after the other, each to its end")
    func queuedUtterancesFollow() throws {
        let output = try ESpeakOutput(destination: .memory)
        output.speak("One")
        output.speak("Two", mode: .queue)
        output.speak("Three", mode: .queue)
        output.waitUntilDone()
        #expect(output.statistics.completed == 3)
        #expect(output.statistics.interrupted == 0)
        #expect(output.recordedAudio.duration > 0.6)
    }

    @Test("a Chinese label is spoken with the Chinese voice, a German one with the German voice")
    func voiceByLanguage() throws {
        let output = try ESpeakOutput(destination: .memory)
        output.speak("请输入密码", language: "zh-Hans")
        output.waitUntilDone()
        #expect(output.statistics.lastVoice?.hasPrefix("zh") == true, "\(output.statistics.lastVoice ?? "none")")
        output.speak("Bitte Code eingeben", language: "de-AT")
        output.waitUntilDone()
        #expect(output.statistics.lastVoice?.hasPrefix("de") == true, "\(output.statistics.lastVoice ?? "none")")
        #expect(output.recordedAudio.rms > 0.01)
    }

    @Test("a language without a voice is spoken with the default voice, with one warning")
    func missingVoiceFallsBack() throws {
        let memory = InMemoryLogHandler()
        let output = try ESpeakOutput(destination: .memory, logger: Logger(label: "t") { _ in memory })
        output.speak("Qapla", language: "tlh")
        output.speak("Qapla again", language: "tlh", mode: .queue)
        output.waitUntilDone()
        #expect(output.statistics.completed == 2)
        #expect(output.statistics.lastVoice == "en")
        let warnings = memory.entries.filter { $0.level == .warning }.map(\.message.description)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("'tlh'") == true)
    }

    @Test("no audio device gives one log line naming it, and the output runs on silently")
    func missingDeviceLoggedOnce() throws {
        let memory = InMemoryLogHandler()
        let output = try ESpeakOutput(destination: .alsa(device: "hw:97,0"), logger: Logger(label: "t") { _ in memory })
        output.speak("Enter code")
        output.waitUntilDone()
        output.speak("Wrong code")
        output.waitUntilDone()
        #expect(output.statistics.silent == 2)
        let errors = memory.entries.filter { $0.level == .error }.map(\.message.description)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("'hw:97,0'") == true)
        #expect(errors.first?.contains("accessibility.audio-device") == true)
    }

    @Test("a second output while one is open is an error naming the fix, and one can open after close")
    func oneEnginePerProcess() throws {
        let first = try ESpeakOutput(destination: .memory)
        #expect(throws: SpeechError.engineInUse) { _ = try ESpeakOutput(destination: .memory) }
        first.close()
        let second = try ESpeakOutput(destination: .memory)
        second.speak("Again")
        second.waitUntilDone()
        #expect(second.statistics.completed == 1)
    }

    @Test("the first audio of an utterance reaches the destination within 150 ms of the request")
    func firstAudioSoon() throws {
        let output = try ESpeakOutput(destination: .memory)
        output.speak("Door open")
        output.waitUntilDone()
        let latency = try #require(output.statistics.lastFirstAudioLatency)
        #expect(latency < .milliseconds(150), "\(latency)")
    }
}
#endif
