#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a secret's file (a password kept out of the command line and the environment) was
/// refused: ``problem`` says what is wrong and how to fix it.
public struct SecretFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong with it, and the fix.
    public var problem: String
    /// The file and its problem.
    public var description: String { "\(path) \(problem)" }
}

/// Reads the secret kept in the file at `path`: its first line, without the line break. A file
/// others can read or write (any group or other permission bit), an empty one, an empty first
/// line, a file over 4 kB, or a path that is not a regular file is refused, naming the fix;
/// `setting` names where the path was given (`MQTT_PASSWORD_FILE`, `--remote-password-file`).
public func readSecretFile(_ path: String, setting: String) throws(SecretFileError) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else {
        throw SecretFileError(
            path: path,
            problem:
                "cannot be read (\(String(cString: strerror(errno)))): create it with the password on its first line, owned by the service's user, mode 0600")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
        throw SecretFileError(path: path, problem: "is not a regular file: point \(setting) at the file itself")
    }
    guard info.st_mode & (S_IRWXG | S_IRWXO) == 0 else {
        throw SecretFileError(path: path, problem: "can be read by others (mode \(String(info.st_mode & 0o777, radix: 8))): chmod 600 \(path)")
    }
    guard info.st_size <= 4096 else {
        throw SecretFileError(path: path, problem: "is \(info.st_size) bytes, not a password: put the password alone on its first line")
    }
    guard let file = fopen(path, "r") else {
        throw SecretFileError(path: path, problem: "cannot be opened (\(String(cString: strerror(errno)))): it must be readable by the service's user")
    }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 4097)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else {
        throw SecretFileError(path: path, problem: "is empty: put the password on its first line")
    }
    let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let secret = line.hasSuffix("\n") ? String(line.dropLast()) : line
    guard !secret.isEmpty else { throw SecretFileError(path: path, problem: "has an empty first line: put the password on it") }
    return secret
}
