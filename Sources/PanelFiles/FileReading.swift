#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file's bytes.
public func readFileBytes(_ path: String) throws(FileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError(path: path, errno: errno) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw FileError(path: path, errno: errno)
        }
        if n == 0 { break }
        bytes += chunk[0 ..< n]
    }
    return bytes
}

/// `mkdir -p`: makes `path` and its missing parents (mode 0755). Failures show up as the error
/// of the file then opened there.
public func makeDirectories(_ path: String) {
    var current = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        current += "/" + part
        mkdir(current, 0o755)
    }
}

/// Writes `text` to standard error in whole (`write(2)`, retried on a short write or EINTR):
/// no buffering, so a line is out before a crash.
public func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
