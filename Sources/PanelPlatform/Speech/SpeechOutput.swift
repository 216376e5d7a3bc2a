/// A voice: what speaks the accessibility layer's descriptions and announcements.
///
/// Calls come from the UI thread and must return at once: a backend synthesises and plays on
/// its own thread (PanelSpeech's `ESpeakOutput` does, through espeak-ng and ALSA), so that
/// speaking never blocks the run loop. ``SpeechTranscript`` records utterances as text, for
/// tests and scripted sessions.
public protocol SpeechOutput: AnyObject, Sendable {
    /// Speaks `utterance`: ``SpeechMode/interrupt`` cuts off what is being spoken and drops
    /// what was queued; ``SpeechMode/queue`` speaks it after them.
    func speak(_ utterance: Utterance, mode: SpeechMode)
    /// Stops speaking at once and drops the queue.
    func stopSpeaking()
    /// The rate, pitch and volume of the utterances spoken from now on.
    var settings: SpeechSettings { get set }
}

extension SpeechOutput {
    /// Speaks `text` in `language` (a BCP 47 tag such as `"de"` or `"zh"`; nil for the default
    /// voice), cutting off what is being spoken.
    public func speak(_ text: String, language: String? = nil, mode: SpeechMode = .interrupt) {
        speak(Utterance(text, language: language), mode: mode)
    }
}

/// Whether an utterance cuts off the one being spoken or waits for it.
public enum SpeechMode: Sendable, Hashable {
    /// Stop what is being spoken, drop the queue, speak this now (VoiceOver's focus moves).
    case interrupt
    /// Speak this after what is being spoken and queued (an announcement after a description).
    case queue
}
