#if os(Linux)
import Logging
import PanelCore
import PanelPlatform

/// The synthesis thread's body: takes utterances from the monitor's queue, synthesises each
/// with espeak-ng and writes its audio to the destination as it comes.
final class SpeechWorker {
    private let monitor: Monitor<ESpeakOutput.State>
    private let destination: SpeechDestination
    private let defaultLanguage: String
    private let dataPath: String?
    private let logger: Logger
    private var warnedLanguages: Set<String> = []
    private var deviceMissing = false

    init(monitor: Monitor<ESpeakOutput.State>, destination: SpeechDestination, defaultLanguage: String, dataPath: String?, logger: Logger) {
        self.monitor = monitor
        self.destination = destination
        self.defaultLanguage = defaultLanguage
        self.dataPath = dataPath
        self.logger = logger
    }

    func run() {
        let engine: ESpeakEngine
        do {
            engine = try ESpeakEngine(dataPath: dataPath)
        } catch {
            monitor.withLock(notify: true) { $0.started = .failure(error) }
            return
        }
        if engine.selectVoice(language: defaultLanguage) == nil {
            logger.warning("speech: espeak-ng has no voice for the default language '\(defaultLanguage)'; speaking with its own default voice")
        }
        var playback: ALSAPlayback?
        if case .alsa(let device) = destination { playback = ALSAPlayback(device: device, sampleRate: engine.sampleRate) }
        monitor.withLock(notify: true) { $0.started = .success(engine.sampleRate) }

        while true {
            let next: (ESpeakOutput.Pending, UInt64, SpeechSettings)? = monitor.wait { state in
                if state.closing { return .some(nil) }
                guard !state.queue.isEmpty else { return nil }
                state.speaking = true
                return .some((state.queue.removeFirst(), state.generation, state.settings))
            }
            guard let (pending, generation, settings) = next else { break }
            speak(pending, generation: generation, settings: settings, engine: engine, playback: playback)
        }
        playback?.close()
    }

    private func speak(_ pending: ESpeakOutput.Pending, generation: UInt64, settings: SpeechSettings, engine: ESpeakEngine, playback: ALSAPlayback?) {
        if let playback, !playback.isOpen {
            if let reason = playback.open() {
                if !deviceMissing {
                    logger.error(
                        "speech: no audio output: ALSA cannot open '\(playback.device)' (\(reason)); speech is silent until it can. Connect the panel's speaker or a headset, or name the device in the board's accessibility.audio-device"
                    )
                    deviceMissing = true
                }
                monitor.withLock(notify: true) { state in
                    state.statistics.silent += 1
                    state.speaking = false
                }
                return
            }
            if deviceMissing {
                logger.notice("speech: audio output '\(playback.device)' is open again")
                deviceMissing = false
            }
        }
        let language = pending.utterance.language ?? defaultLanguage
        var voice = engine.selectVoice(language: language)
        if voice == nil {
            if warnedLanguages.insert(language.lowercased()).inserted {
                logger.warning(
                    "speech: espeak-ng has no voice for '\(language)'; speaking it with the '\(defaultLanguage)' voice (espeak-ng --voices lists the languages it has)"
                )
            }
            voice = engine.selectVoice(language: defaultLanguage)
        }
        engine.apply(rate: settings.rate, pitch: settings.pitch, volume: settings.volume)

        let monitor = self.monitor
        var first = true
        let job = SynthesisJob(
            isCancelled: { monitor.withLock { $0.generation != generation || $0.closing } },
            deliver: { samples in
                if first {
                    first = false
                    let latency = SystemClock().now - pending.requested
                    monitor.withLock { state in
                        state.statistics.lastFirstAudioLatency = latency
                        state.statistics.maximumFirstAudioLatency = max(state.statistics.maximumFirstAudioLatency ?? .zero, latency)
                    }
                }
                if let playback {
                    _ = playback.write(samples)
                } else {
                    monitor.withLock { $0.audio.append(contentsOf: samples) }
                }
            })
        _ = engine.synthesize(pending.utterance.text, job: job)
        let cancelled = job.isCancelled()
        if cancelled { playback?.drop() } else { playback?.drain() }
        let audio: [Int16]? = monitor.withLock(notify: true) { state in
            if cancelled { state.statistics.interrupted += 1 } else { state.statistics.completed += 1 }
            state.statistics.lastVoice = voice
            state.speaking = false
            if case .wavFile = destination { return state.audio }
            return nil
        }
        if case .wavFile(let path) = destination, let audio {
            do {
                try WAVAudio(sampleRate: engine.sampleRate, samples: audio).write(to: path)
            } catch {
                logger.error("speech: cannot write the WAV file: \(error)")
            }
        }
    }
}
#endif
