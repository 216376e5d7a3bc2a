#if os(Linux)
import Glibc
import PanelThreads
import Synchronization
public import Logging
public import PanelCore
public import PanelPlatform

/// A `SpeechOutput` that speaks with espeak-ng and plays through ALSA.
///
/// ``speak(_:mode:)`` only queues the utterance and wakes the synthesis thread, so the UI
/// thread never waits for speech. That thread chooses the voice by the utterance's language
/// (falling back to the default language's voice, with one warning per language), synthesises
/// in chunks of at most 50 ms and writes them to the destination as they come, so the first
/// audio follows the request within one chunk's synthesis. An interrupt is noticed at the next
/// chunk, and what ALSA had buffered is dropped.
///
/// espeak-ng keeps one synthesiser per process: open one output and share it.
public final class ESpeakOutput: SpeechOutput {
    /// What the output has done.
    public struct Statistics: Sendable, Hashable {
        /// Utterances spoken to their end.
        public var completed = 0
        /// Utterances cut off, or dropped from the queue, by an interrupt or a stop.
        public var interrupted = 0
        /// Utterances not played because no audio device could be opened.
        public var silent = 0
        /// From the last utterance's request to its first audio sample reaching the destination.
        public var lastFirstAudioLatency: MonotonicDuration?
        /// The longest such delay seen.
        public var maximumFirstAudioLatency: MonotonicDuration?
        /// The language tag whose voice spoke the last utterance (after any fallback).
        public var lastVoice: String?
    }

    struct Pending {
        var utterance: Utterance
        var requested: MonotonicInstant
    }

    struct State {
        var queue: [Pending] = []
        var generation: UInt64 = 0
        var settings: SpeechSettings
        var closing = false
        var speaking = false
        var started: Result<Int, SpeechError>?
        var statistics = Statistics()
        var audio: [Int16] = []
    }

    /// Where the audio goes.
    public let destination: SpeechDestination
    /// The language of utterances that name none, and the fallback for ones whose voice is missing.
    public let defaultLanguage: String
    /// The synthesiser's sample rate (espeak-ng's voices: 22 050 Hz).
    public let sampleRate: Int
    private let monitor: Monitor<State>
    private let thread = Mutex<SpawnedThread?>(nil)

    /// Starts espeak-ng on its own thread.
    /// - Parameters:
    ///   - destination: an ALSA device (the default), memory, or a WAV file.
    ///   - settings: the rate, pitch and volume.
    ///   - defaultLanguage: the voice for utterances without a language, and the fallback.
    ///   - dataPath: the folder holding `espeak-ng-data`, or nil for the system's.
    ///   - logger: where a missing audio device and a missing voice are reported, once each.
    /// - Throws: ``SpeechError`` when espeak-ng cannot load its data, another output is open, or
    ///   the thread cannot start.
    public init(
        destination: SpeechDestination = .alsa(device: "default"), settings: SpeechSettings = SpeechSettings(), defaultLanguage: String = "en",
        dataPath: String? = nil, logger: Logger = Logger(label: "panelkit.speech")
    ) throws(SpeechError) {
        guard ESpeakEngine.claim() else { throw .engineInUse }
        self.destination = destination
        self.defaultLanguage = defaultLanguage
        let monitor = Monitor(State(settings: settings))
        self.monitor = monitor
        let worker = SpeechWorker(monitor: monitor, destination: destination, defaultLanguage: defaultLanguage, dataPath: dataPath, logger: logger)
        let handle: SpawnedThread
        do {
            handle = try spawn(name: "panelkit-speech") { worker.run() }
        } catch {
            ESpeakEngine.release()
            if case .failed(let errno) = error { throw .threadFailed(errno: errno) }
            throw .threadFailed(errno: EINVAL)
        }
        let started = monitor.wait { $0.started }
        switch started {
        case .success(let rate):
            sampleRate = rate
            thread.withLock { $0 = handle }
        case .failure(let error):
            handle.join()
            ESpeakEngine.release()
            throw error
        }
    }

    /// An output on the configuration's ALSA device, in its language, at its settings: what
    /// `PanelApp.main(speech:)` takes, as `{ try ESpeakOutput(configuration: $0) }`.
    /// - Throws: ``SpeechError`` as ``init(destination:settings:defaultLanguage:dataPath:logger:)``.
    public convenience init(configuration: SpeechConfiguration, logger: Logger = Logger(label: "panelkit.speech")) throws(SpeechError) {
        try self.init(
            destination: .alsa(device: configuration.audioDevice), settings: configuration.settings, defaultLanguage: configuration.language,
            logger: logger)
    }

    deinit { close() }

    /// Queues `utterance` and wakes the synthesis thread; with `.interrupt`, what is being
    /// spoken stops at its next chunk and the queue is dropped. Returns at once.
    public func speak(_ utterance: Utterance, mode: SpeechMode) {
        guard !utterance.isEmpty else { return }
        let now = SystemClock().now
        monitor.withLock(notify: true) { state in
            if mode == .interrupt { Self.interrupt(&state) }
            state.queue.append(Pending(utterance: utterance, requested: now))
        }
    }

    /// Stops what is being spoken at its next chunk (what ALSA buffered is dropped) and drops
    /// the queue. Returns at once.
    public func stopSpeaking() {
        monitor.withLock(notify: true) { Self.interrupt(&$0) }
    }

    private static func interrupt(_ state: inout State) {
        state.statistics.interrupted += state.queue.count  // the one being spoken: counted as it stops
        state.queue.removeAll()
        state.generation &+= 1
    }

    /// The rate, pitch and volume of the utterances spoken from now on.
    public var settings: SpeechSettings {
        get { monitor.withLock { $0.settings } }
        set { monitor.withLock { $0.settings = newValue } }
    }

    /// Whether an utterance is being spoken or waits to be.
    public var isSpeaking: Bool { monitor.withLock { $0.speaking || !$0.queue.isEmpty } }

    /// What the output has done so far.
    public var statistics: Statistics { monitor.withLock { $0.statistics } }

    /// The audio synthesised so far, with a ``SpeechDestination/memory`` or
    /// ``SpeechDestination/wavFile(_:)`` destination (empty with ALSA).
    public var recordedAudio: WAVAudio { monitor.withLock { WAVAudio(sampleRate: sampleRate, samples: $0.audio) } }

    /// Blocks until everything queued has been spoken: for tests and command-line tools, never
    /// on the UI thread.
    public func waitUntilDone() {
        monitor.wait { state in (state.speaking || !state.queue.isEmpty) && !state.closing ? nil : () }
    }

    /// Stops speaking, ends the synthesis thread and gives espeak-ng back. Idempotent.
    public func close() {
        guard
            let handle = thread.withLock({ (h: inout SpawnedThread?) in
                defer { h = nil }; return h
            })
        else { return }
        monitor.withLock(notify: true) { state in
            Self.interrupt(&state)
            state.closing = true
        }
        handle.join()
        ESpeakEngine.release()
    }
}
#endif
