/// Where an ``ESpeakOutput``'s audio goes.
public enum SpeechDestination: Sendable, Hashable {
    /// An ALSA playback device: `"default"` (the panel's speaker or the headset the system
    /// routes to), or a name such as `"plughw:1,0"` for a USB headset. A device that cannot be
    /// opened is logged once; speech is silent until it can be, and the app runs on.
    case alsa(device: String)
    /// Kept in memory (``ESpeakOutput/recordedAudio``): for tests.
    case memory
    /// Kept in memory and written to a WAV file at this path after each utterance: for tests
    /// and for listening to what a scripted session said.
    case wavFile(String)
}
