import Glibc

/// Reads the password of ``MQTTConfiguration/passwordFile``: its first line. A file others can
/// read, an empty one, or a file that is not a regular file is refused, naming the fix.
func readPasswordFile(_ path: String) throws(MQTTError) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else {
        throw .passwordFile(
            path: path,
            problem:
                "cannot be read (\(String(cString: strerror(errno)))): create it with the password on its first line, owned by the service's user, mode 0600")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
        throw .passwordFile(path: path, problem: "is not a regular file: point MQTT_PASSWORD_FILE at the file itself")
    }
    guard info.st_mode & (S_IRWXG | S_IRWXO) == 0 else {
        throw .passwordFile(path: path, problem: "can be read by others (mode \(String(info.st_mode & 0o777, radix: 8))): chmod 600 \(path)")
    }
    guard info.st_size <= 4096 else {
        throw .passwordFile(path: path, problem: "is \(info.st_size) bytes, not a password: put the password alone on its first line")
    }
    guard let file = fopen(path, "r") else {
        throw .passwordFile(path: path, problem: "cannot be opened (\(String(cString: strerror(errno)))): it must be readable by the service's user")
    }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 4097)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { throw .passwordFile(path: path, problem: "is empty: put the password on its first line") }
    let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let password = line.hasSuffix("\n") ? String(line.dropLast()) : line
    guard !password.isEmpty else { throw .passwordFile(path: path, problem: "has an empty first line: put the password on it") }
    return password
}
