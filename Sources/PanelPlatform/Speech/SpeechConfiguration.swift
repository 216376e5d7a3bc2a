/// What a board (or an app) asks of its voice: the audio device, the default language and the
/// rate, pitch and volume. A ``SpeechFactory`` makes an output from it.
public struct SpeechConfiguration: Sendable, Hashable {
    /// The ALSA device: `"default"`, or e.g. `"plughw:1,0"` for a USB headset.
    public var audioDevice: String
    /// The default voice's language (a BCP 47 tag).
    public var language: String
    /// The rate, pitch and volume.
    public var settings: SpeechSettings

    /// A configuration; the defaults are the system's default device and English at normal speed.
    public init(audioDevice: String = "default", language: String = "en", settings: SpeechSettings = SpeechSettings()) {
        self.audioDevice = audioDevice
        self.language = language
        self.settings = settings
    }
}

/// Makes the app's voice from the board's configuration: PanelSpeech's
/// `{ try ESpeakOutput(configuration: $0) }`, passed to `PanelApp.main(speech:)`.
public typealias SpeechFactory = @MainActor (SpeechConfiguration) throws -> any SpeechOutput
