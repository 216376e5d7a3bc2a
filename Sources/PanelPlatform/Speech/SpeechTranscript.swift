import Synchronization

/// A speech output that speaks nothing and writes down what it was asked to say: the test
/// backend, and what a scripted session prints. An interrupting utterance is recorded after
/// the ones it cut off, as a listener heard them start.
public final class SpeechTranscript: SpeechOutput {
    /// One entry: an utterance and how it was asked for.
    public struct Entry: Sendable, Hashable {
        /// What was said.
        public var utterance: Utterance
        /// Whether it interrupted or queued.
        public var mode: SpeechMode
    }

    private struct State {
        var entries: [Entry] = []
        var stops = 0
        var settings = SpeechSettings()
    }
    private let state = Mutex(State())

    /// An empty transcript.
    public init() {}

    public func speak(_ utterance: Utterance, mode: SpeechMode) {
        guard !utterance.isEmpty else { return }
        state.withLock { $0.entries.append(Entry(utterance: utterance, mode: mode)) }
    }

    public func stopSpeaking() { state.withLock { $0.stops += 1 } }

    public var settings: SpeechSettings {
        get { state.withLock { $0.settings } }
        set { state.withLock { $0.settings = newValue } }
    }

    /// Everything said so far, in order.
    public var entries: [Entry] { state.withLock { $0.entries } }
    /// The texts said so far, in order.
    public var spoken: [String] { entries.map(\.utterance.text) }
    /// The last text said, if any.
    public var last: String? { spoken.last }
    /// How many times speech was stopped.
    public var stopCount: Int { state.withLock { $0.stops } }

    /// Returns the texts said since the last call, and forgets them.
    public func drain() -> [String] {
        state.withLock { state in
            defer { state.entries.removeAll() }
            return state.entries.map(\.utterance.text)
        }
    }
}
