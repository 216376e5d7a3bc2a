#if os(Linux)
import Glibc
import CPanelLinux
import CGPIOD  // owns `timespec` for the clang importer (shim.h includes time.h)

/// Every system call PanelLinux makes, wrapped once: EINTR is retried, failures come back as
/// the errno value (swift-system's `valueOrErrno` pattern).
///
/// In debug builds each call first asks the ``MockingDriver`` of the current task, if there is
/// one, which records the call and may answer it instead of the kernel (swift-system's
/// `ENABLE_MOCKING` pattern). Release builds compile the hook out.
enum Syscall {
    /// `open(2)` with `O_CLOEXEC`.
    static func open(_ path: String, flags: Int32) -> Result<Int32, Errno> {
        return retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(.open, path: path) { return mocked.errnoValue }
            #endif
            return Glibc.open(path, flags | O_CLOEXEC)
        }
    }

    /// `close(2)`; errors are ignored (the descriptor is gone either way).
    static func close(_ fd: Int32) {
        #if DEBUG
        if MockingDriver.intercept(.close, fd: fd) != nil { return }
        #endif
        _ = Glibc.close(fd)
    }

    /// `ioctl(2)` with a pointer argument.
    static func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) -> Result<Int32, Errno> {
        return retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(.ioctl, fd: fd, request: request, argument: argument) { return mocked.errnoValue }
            #endif
            return Glibc.ioctl(fd, request, argument)
        }
    }

    /// `ioctl(2)` with an integer argument.
    static func ioctl(_ fd: Int32, _ request: UInt, value: UInt) -> Result<Int32, Errno> {
        return retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(.ioctl, fd: fd, request: request, value: value) { return mocked.errnoValue }
            #endif
            return panel_ioctl_value(fd, request, value)
        }
    }

    /// `read(2)`: the number of bytes read.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(.read, fd: fd, argument: buffer.baseAddress, length: buffer.count) {
                return Int(mocked.errnoValue)
            }
            #endif
            return Glibc.read(fd, buffer.baseAddress, buffer.count)
        }
    }

    /// `write(2)`: the number of bytes written.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(
                .write, fd: fd, argument: UnsafeMutableRawPointer(mutating: bytes.baseAddress), length: bytes.count)
            {
                return Int(mocked.errnoValue)
            }
            #endif
            return Glibc.write(fd, bytes.baseAddress, bytes.count)
        }
    }

    /// libi2c's SMBus I2C-block read (`I2C_SMBUS` ioctl): the number of bytes read.
    static func smbusReadBlock(_ fd: Int32, command: UInt8, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int32, Errno> {
        retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(
                .smbusReadBlock, fd: fd, request: UInt(command), argument: buffer.baseAddress, length: buffer.count)
            {
                return mocked.errnoValue
            }
            #endif
            return i2c_smbus_read_i2c_block_data(
                fd, command, UInt8(buffer.count), buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// libi2c's SMBus I2C-block write.
    static func smbusWriteBlock(_ fd: Int32, command: UInt8, _ bytes: UnsafeRawBufferPointer) -> Result<Int32, Errno> {
        retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(
                .smbusWriteBlock, fd: fd, request: UInt(command),
                argument: UnsafeMutableRawPointer(mutating: bytes.baseAddress), length: bytes.count)
            {
                return mocked.errnoValue
            }
            #endif
            return i2c_smbus_write_i2c_block_data(
                fd, command, UInt8(bytes.count), bytes.baseAddress?.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// libi2c's SMBus "send byte".
    static func smbusWriteByte(_ fd: Int32, _ value: UInt8) -> Result<Int32, Errno> {
        retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(.smbusWriteByte, fd: fd, value: UInt(value)) { return mocked.errnoValue }
            #endif
            return i2c_smbus_write_byte(fd, value)
        }
    }

    /// `poll(2)` on up to a few descriptors; `timeout` in milliseconds, -1 forever.
    static func poll(_ fds: UnsafeMutableBufferPointer<pollfd>, timeout: Int32) -> Result<Int32, Errno> {
        retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(
                .poll, fd: fds.count > 0 ? fds[0].fd : -1, argument: UnsafeMutableRawPointer(fds.baseAddress),
                length: fds.count, value: UInt(bitPattern: Int(timeout)))
            {
                return mocked.errnoValue
            }
            #endif
            return Glibc.poll(fds.baseAddress, nfds_t(fds.count), timeout)
        }
    }

    /// `mmap(2)` of a shared read-write mapping.
    static func mapShared(_ fd: Int32, length: Int, offset: Int = 0) -> Result<UnsafeMutableRawPointer, Errno> {
        let p = Glibc.mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        if p == MAP_FAILED || p == nil { return .failure(Errno(rawValue: errno)) }
        return .success(p!)
    }

    /// `munmap(2)`.
    static func unmap(_ p: UnsafeMutableRawPointer, length: Int) {
        _ = Glibc.munmap(p, length)
    }

    /// `eventfd(2)`, non-blocking and close-on-exec.
    static func eventFD() -> Result<Int32, Errno> {
        retrying { CPanelLinux.eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
    }

    /// `timerfd_create(2)` on CLOCK_MONOTONIC, non-blocking and close-on-exec.
    static func timerFD() -> Result<Int32, Errno> {
        retrying { CPanelLinux.timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC)) }
    }

    /// Arms a one-shot timerfd to fire `relativeNanoseconds` from now, or disarms it (nil).
    static func setTimer(_ fd: Int32, relativeNanoseconds: Int64?) -> Result<Int32, Errno> {
        var spec = itimerspec()
        if let ns = relativeNanoseconds {
            // A zero it_value disarms; a deadline already passed still has to fire.
            let clamped = max(ns, 1)
            spec.it_value.tv_sec = Int(clamped / 1_000_000_000)
            spec.it_value.tv_nsec = Int(clamped % 1_000_000_000)
        }
        return retrying { CPanelLinux.timerfd_settime(fd, 0, &spec, nil) }
    }

    /// `epoll_create1(2)` with close-on-exec.
    static func epollCreate() -> Result<Int32, Errno> {
        retrying { CPanelLinux.epoll_create1(Int32(EPOLL_CLOEXEC)) }
    }

    /// `epoll_ctl(2)`.
    static func epollControl(_ epfd: Int32, _ operation: Int32, _ fd: Int32, events: UInt32, data: UInt64) -> Result<Int32, Errno> {
        var event = epoll_event()
        event.events = events
        event.data.u64 = data
        return retrying { CPanelLinux.epoll_ctl(epfd, operation, fd, &event) }
    }

    /// `epoll_wait(2)`: the number of ready events.
    static func epollWait(_ epfd: Int32, _ events: UnsafeMutableBufferPointer<epoll_event>, timeout: Int32) -> Result<Int32, Errno> {
        retrying { CPanelLinux.epoll_wait(epfd, events.baseAddress, Int32(events.count), timeout) }
    }

    /// `access(2)`: whether `path` allows `mode` (`F_OK`, `R_OK`, `W_OK`…).
    static func access(_ path: String, _ mode: Int32) -> Bool {
        #if DEBUG
        if let mocked = MockingDriver.intercept(.access, path: path, value: UInt(mode)) { return mocked.errnoValue == 0 }
        #endif
        return Glibc.access(path, mode) == 0
    }

    /// The names in a directory (without `.` and `..`); nil when it cannot be read.
    static func directoryEntries(_ path: String) -> [String]? {
        #if DEBUG
        if let mocked = MockingDriver.intercept(.opendir, path: path), mocked.errnoValue < 0 { return nil }
        #endif
        guard let dir = Glibc.opendir(path) else { return nil }
        defer { Glibc.closedir(dir) }
        var names: [String] = []
        while let entry = Glibc.readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `unlink(2)`; errors are ignored (the path is gone, or was never there).
    static func unlink(_ path: String) {
        #if DEBUG
        if MockingDriver.intercept(.unlink, path: path) != nil { return }
        #endif
        _ = Glibc.unlink(path)
    }

    /// A listening TCP socket on an IPv4 `host`:`port` (non-blocking, close-on-exec).
    static func listen(host: String, port: UInt16, backlog: Int32) -> Result<Int32, Errno> {
        #if DEBUG
        if let mocked = MockingDriver.intercept(.listen, path: "\(host):\(port)") { return mocked }
        #endif
        return negativeErrno(panel_tcp_listen(host, port, backlog))
    }

    /// The port a TCP socket is bound to (-1 when the kernel does not say).
    static func boundPort(_ fd: Int32) -> Int32 { panel_tcp_port(fd) }

    /// A listening Unix socket at `path` with `mode`, replacing a stale one.
    static func listen(socketPath path: String, mode: UInt32, backlog: Int32) -> Result<Int32, Errno> {
        #if DEBUG
        if let mocked = MockingDriver.intercept(.listen, path: path) { return mocked }
        #endif
        return negativeErrno(panel_unix_listen(path, mode, backlog))
    }

    /// `accept4(2)` of a waiting connection, non-blocking and close-on-exec.
    static func accept(_ fd: Int32) -> Result<Int32, Errno> {
        #if DEBUG
        if let mocked = MockingDriver.intercept(.accept, fd: fd) { return mocked }
        #endif
        return negativeErrno(panel_tcp_accept(fd))
    }

    /// A connected Unix socket to `path`.
    static func connect(socketPath path: String) -> Result<Int32, Errno> {
        #if DEBUG
        if let mocked = MockingDriver.intercept(.connect, path: path) { return mocked }
        #endif
        return negativeErrno(panel_unix_connect(path))
    }

    /// Bounds a socket's reads and writes to `milliseconds`.
    static func setTimeout(_ fd: Int32, milliseconds: Int32) {
        _ = panel_socket_timeout(fd, milliseconds)
    }

    /// `send(2)` without SIGPIPE: the number of bytes sent.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(
                .send, fd: fd, argument: UnsafeMutableRawPointer(mutating: bytes.baseAddress), length: bytes.count)
            {
                return Int(mocked.errnoValue)
            }
            #endif
            return Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        }
    }

    /// `recv(2)`: the number of bytes received (0: the peer closed).
    static func recv(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
        retrying {
            #if DEBUG
            if let mocked = MockingDriver.intercept(.recv, fd: fd, argument: buffer.baseAddress, length: buffer.count) {
                return Int(mocked.errnoValue)
            }
            #endif
            return Glibc.recv(fd, buffer.baseAddress, buffer.count, 0)
        }
    }

    /// One datagram to the Unix socket at `path` (systemd's `NOTIFY_SOCKET`): 0, or the errno.
    static func sendDatagram(to path: String, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        #if DEBUG
        if let mocked = MockingDriver.intercept(
            .send, path: path, argument: UnsafeMutableRawPointer(mutating: bytes.baseAddress), length: bytes.count)
        {
            return mocked.errnoValue < 0 ? errno : 0
        }
        #endif
        return path.withCString { -panel_notify_send($0, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count) }
    }

    /// The shim's convention (a descriptor, or -errno) as a result.
    private static func negativeErrno(_ value: Int32) -> Result<Int32, Errno> {
        value >= 0 ? .success(value) : .failure(Errno(rawValue: -value))
    }

    /// Calls until the result is not an EINTR failure (negative = failure, errno set).
    private static func retrying<T: BinaryInteger>(_ call: () -> T) -> Result<T, Errno> {
        while true {
            let result = call()
            if result >= 0 { return .success(result) }
            let code = errno
            if code == EINTR { continue }
            return .failure(Errno(rawValue: code))
        }
    }
}

#if DEBUG
extension Result<Int32, Errno> {
    /// The C convention: the value, or -1 with `errno` set.
    var errnoValue: Int32 {
        switch self {
        case .success(let value): return value
        case .failure(let e):
            errno = e.rawValue
            return -1
        }
    }
}
#endif

/// An errno value.
struct Errno: Error, Hashable, CustomStringConvertible {
    var rawValue: Int32

    /// The C library's text for it ("No such file or directory").
    var description: String {
        guard let text = strerror(rawValue) else { return "errno \(rawValue)" }
        return String(cString: text)
    }
}

#if DEBUG
/// Records the system calls made on the current task and answers them instead of the kernel
/// (debug builds only): swift-system's mocking pattern, used by the tests of error mapping and
/// transfer selection that no real device can be made to produce on demand.
///
/// ```swift
/// let driver = MockingDriver { call in call.kind == .ioctl ? .failure(Errno(rawValue: ENXIO)) : nil }
/// MockingDriver.$current.withValue(driver) { … }
/// ```
final class MockingDriver: @unchecked Sendable {
    /// Which call.
    enum Kind: String, Sendable {
        case open, close, ioctl, read, write, poll, smbusReadBlock, smbusWriteBlock, smbusWriteByte
        case access, opendir, unlink, listen, accept, connect, send, recv
    }

    /// One intercepted call. `argument` points at the caller's buffer (ioctl argument, read or
    /// write buffer, pollfd array) for the handler to fill or inspect.
    struct Call {
        var kind: Kind
        var path: String?
        var fd: Int32
        var request: UInt
        var value: UInt
        var argument: UnsafeMutableRawPointer?
        var length: Int
    }

    /// The calls seen so far, in order (without their pointers).
    private(set) var trace: [(kind: Kind, path: String?, fd: Int32, request: UInt)] = []
    /// Answers a call: a result to return instead of the kernel's, or nil to make the real call.
    let handler: (Call) -> Result<Int32, Errno>?

    init(_ handler: @escaping (Call) -> Result<Int32, Errno>?) {
        self.handler = handler
    }

    /// The driver in effect for the current task, if any.
    @TaskLocal static var current: MockingDriver?

    static func intercept(
        _ kind: Kind, path: String? = nil, fd: Int32 = -1, request: UInt = 0,
        argument: UnsafeMutableRawPointer? = nil, length: Int = 0, value: UInt = 0
    ) -> Result<Int32, Errno>? {
        guard let driver = current else { return nil }
        driver.trace.append((kind, path, fd, request))
        return driver.handler(
            Call(kind: kind, path: path, fd: fd, request: request, value: value, argument: argument, length: length))
    }
}
#endif
#endif
