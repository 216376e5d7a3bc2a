/// Why an MQTT client could not be set up or a call failed, with the fix.
public enum MQTTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A setting is out of range or inconsistent (`setting`: its name, as the environment spells it).
    case invalidSetting(setting: String, value: String, expected: String)
    /// The password file cannot be used.
    case passwordFile(path: String, problem: String)
    /// A TLS file (the CA, the client certificate or its key) cannot be read or used.
    case tlsFile(path: String, problem: String)
    /// libmosquitto refused a call.
    case library(call: String, message: String)

    /// The problem and its fix, in one line.
    public var description: String {
        switch self {
        case .invalidSetting(let setting, let value, let expected):
            "\(setting)=\(value) is not valid: expected \(expected)"
        case .passwordFile(let path, let problem):
            "the MQTT password file \(path) \(problem)"
        case .tlsFile(let path, let problem):
            "the MQTT TLS file \(path) \(problem)"
        case .library(let call, let message):
            "libmosquitto's \(call) failed: \(message)"
        }
    }
}
