#if os(Linux)
import Glibc

/// Every system call PanelLinux makes, wrapped once: EINTR is retried, failures come back as
/// the errno value (swift-system's `valueOrErrno` pattern).
enum Syscall {
    /// `open(2)` with `O_CLOEXEC`.
    static func open(_ path: String, flags: Int32) -> Result<Int32, Errno> {
        retrying { Glibc.open(path, flags | O_CLOEXEC) }
    }

    /// `close(2)`; errors are ignored (the descriptor is gone either way).
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// `ioctl(2)` with a pointer argument.
    static func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) -> Result<Int32, Errno> {
        retrying { Glibc.ioctl(fd, request, argument) }
    }

    /// `mmap(2)` of a shared read-write mapping.
    static func mapShared(_ fd: Int32, length: Int) -> Result<UnsafeMutableRawPointer, Errno> {
        let p = Glibc.mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        if p == MAP_FAILED || p == nil { return .failure(Errno(rawValue: errno)) }
        return .success(p!)
    }

    /// `munmap(2)`.
    static func unmap(_ p: UnsafeMutableRawPointer, length: Int) {
        _ = Glibc.munmap(p, length)
    }

    private static func retrying(_ call: () -> Int32) -> Result<Int32, Errno> {
        while true {
            let result = call()
            if result >= 0 { return .success(result) }
            let code = errno
            if code == EINTR { continue }
            return .failure(Errno(rawValue: code))
        }
    }
}

/// An errno value.
struct Errno: Error, Hashable {
    var rawValue: Int32
}
#endif
