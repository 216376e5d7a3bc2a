/// Why speech could not start, each with the fix.
public enum SpeechError: Error, Sendable, Hashable, CustomStringConvertible {
    /// espeak-ng could not load its data (the voices and dictionaries).
    case engineUnavailable(path: String?, message: String)
    /// Another ``ESpeakOutput`` is open in this process: espeak-ng has one synthesiser per process.
    case engineInUse
    /// The synthesis thread could not be started.
    case threadFailed(errno: Int32)

    /// The cause and the fix, in a sentence.
    public var description: String {
        switch self {
        case .engineUnavailable(let path, let message):
            "speech: espeak-ng cannot start (\(message)) from \(path ?? "its default data folder"); install the voices (apt-get install espeak-ng-data) or give the folder holding espeak-ng-data"
        case .engineInUse:
            "speech: an ESpeakOutput is already open in this process; share it, or close it first (espeak-ng has one synthesiser per process)"
        case .threadFailed(let code):
            "speech: the synthesis thread could not start (errno \(code)); the process is out of threads or memory"
        }
    }
}
