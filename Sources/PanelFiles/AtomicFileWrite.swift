#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes text to a file atomically (``writeFile(_:_:)-(_,[UInt8])``).
public func writeFile(_ path: String, _ text: String) throws(FileError) {
    try writeFile(path, Array(text.utf8))
}

/// Writes bytes to a file atomically, so that a power cut or a crash at any moment leaves
/// either the old file or the new one, whole: the bytes go to a temporary file beside it,
/// which is flushed to the disk (`fsync`), renamed over the file, and the directory flushed so
/// that the rename itself survives. The directory is made if missing.
///
/// - Throws: ``FileError`` naming `path`, what the system said and the fix (a read-only
///   filesystem, a full disk, a permission); the old file is then untouched and the temporary
///   one removed.
public func writeFile(_ path: String, _ bytes: [UInt8]) throws(FileError) {
    _ = try AtomicFileWrite(path: path).run(bytes)
}

/// The steps of an atomic write, in order.
enum AtomicWriteStep: CaseIterable, Sendable {
    case makeDirectory, openTemporary, write, syncFile, rename, syncDirectory
}

/// What a test makes happen at a step (``AtomicFileWrite/fault``).
enum AtomicWriteFault: Sendable {
    /// The process dies before the step: nothing more is done, nothing is cleaned up.
    case crash
    /// The step fails with this `errno`, as the system would report it.
    case error(Int32)
}

/// One atomic write, step by step. ``fault`` lets a test stop or fail it between steps.
struct AtomicFileWrite {
    let path: String
    var fault: (AtomicWriteStep) -> AtomicWriteFault? = { _ in nil }

    init(path: String) { self.path = path }

    var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    var temporaryPath: String { path + ".tmp" }

    /// Runs the steps; false when a ``AtomicWriteFault/crash`` stopped it.
    func run(_ bytes: [UInt8]) throws(FileError) -> Bool {
        switch fault(.makeDirectory) {
        case .crash: return false
        case .error(let code): throw FileError(path: path, errno: code)
        case nil: makeDirectories(directory)
        }
        var fd: Int32 = -1
        switch fault(.openTemporary) {
        case .crash: return false
        case .error(let code): throw FileError(path: path, errno: code)
        case nil:
            fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw FileError(path: path, errno: errno) }
        }
        var closed = false
        /// Closes the temporary file (once) and removes it: the write failed.
        func abandon(_ code: Int32) -> FileError {
            if !closed { close(fd) }
            unlink(temporaryPath)
            return FileError(path: path, errno: code)
        }
        switch fault(.write) {
        case .crash:
            close(fd)
            return false
        case .error(let code): throw abandon(code)
        case nil:
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw abandon(errno)
                }
                offset += n
            }
        }
        switch fault(.syncFile) {
        case .crash:
            close(fd)
            return false
        case .error(let code): throw abandon(code)
        case nil:
            // A full disk or an I/O error can surface only here (delayed allocation).
            guard fsync(fd) == 0 else { throw abandon(errno) }
            closed = true
            guard close(fd) == 0 else { throw abandon(errno) }
        }
        switch fault(.rename) {
        case .crash: return false
        case .error(let code): throw abandon(code)
        case nil:
            guard rename(temporaryPath, path) == 0 else { throw abandon(errno) }
        }
        switch fault(.syncDirectory) {
        case .crash: return false
        case .error(let code): throw FileError(path: path, errno: code)
        case nil:
            let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if directoryFD >= 0 {
                // Some filesystems cannot sync a directory (EINVAL): the file is written.
                let synced = fsync(directoryFD) == 0 || errno == EINVAL
                let code = errno
                close(directoryFD)
                if !synced { throw FileError(path: path, errno: code) }
            }
        }
        return true
    }
}
