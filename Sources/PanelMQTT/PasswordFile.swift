import PanelFiles

/// Reads the password of ``MQTTConfiguration/passwordFile``: its first line. A file others can
/// read, an empty one, or a file that is not a regular file is refused, naming the fix.
func readPasswordFile(_ path: String) throws(MQTTError) -> String {
    do {
        return try readSecretFile(path, setting: "MQTT_PASSWORD_FILE")
    } catch {
        throw .passwordFile(path: error.path, problem: error.problem)
    }
}
