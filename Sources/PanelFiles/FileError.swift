#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed file operation: the file it was for, what the system said, and what to do.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file the operation was for (the destination of a write, not its temporary file).
    public var path: String
    /// What the system said (`strerror`), with the fix for the common cases.
    public var reason: String
    /// The `errno` value, 0 when the failure had none.
    public var code: Int32

    public var description: String { "\(path): \(reason)" }

    /// The error for `errno` `code` while reading or writing `path`.
    public init(path: String, errno code: Int32) {
        self.path = path
        self.code = code
        let text = String(cString: strerror(code))
        self.reason = FileError.fix(for: code).map { "\(text); \($0)" } ?? text
    }

    /// What a person can do about `code`, for the failures a kiosk meets in the field.
    static func fix(for code: Int32) -> String? {
        switch code {
        case EROFS: "the filesystem is mounted read-only: remount it read-write, or keep this file in a writable directory"
        case ENOSPC, EDQUOT: "the disk is full: free space on it, then try again"
        case EACCES, EPERM: "run as a user who may write there, or choose a directory that user owns"
        case ENOENT: "the directory does not exist and could not be made"
        case EISDIR: "a directory has that name: choose a file name"
        default: nil
        }
    }
}
