#if os(Linux)
import CPanelLinux
import Glibc
public import Logging
import Synchronization

/// A swift-log handler for systemd's journal: each message is one datagram of the journal's
/// native protocol (systemd-journald.service(8), "Native Journal Protocol") to
/// `/run/systemd/journal/socket`, so that its metadata become fields of their own:
///
/// - `MESSAGE`, `PRIORITY` (syslog's 2 critical … 7 debug), `SYSLOG_IDENTIFIER`;
/// - `CODE_FILE`, `CODE_LINE`, `CODE_FUNC`: the call site;
/// - `PANELKIT_LOGGER`: the logger's label; `PANELKIT_ERROR`: the error logged with it;
/// - each metadata key as `PANELKIT_<KEY>` (upper case; other characters become `_`), so
///   `journalctl -u panelkit PANELKIT_SUBSYSTEM=touch` finds the touch controller's lines.
///
/// Nothing is buffered and nothing blocks: a journal that is gone or full loses the line
/// (``failedSends`` counts them) and the app goes on. Choose it with ``isStandardErrorJournal()``,
/// which is true when systemd connected the process's standard error to the journal.
public struct JournalLogHandler: LogHandler {
    /// journald's socket for the native protocol.
    public static let defaultSocketPath = "/run/systemd/journal/socket"

    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    /// The logger's label (`PANELKIT_LOGGER`).
    public let label: String
    /// `SYSLOG_IDENTIFIER`: the program's name, as `journalctl -t` shows it.
    public let identifier: String
    /// Where the datagrams go.
    public let socketPath: String
    private let failures: SendFailures

    /// A handler for the logger `label`, sending as `identifier` to `socketPath`.
    public init(label: String, identifier: String, socketPath: String = JournalLogHandler.defaultSocketPath) {
        self.label = label
        self.identifier = identifier
        self.socketPath = socketPath
        failures = SendFailures()
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Lines the journal did not take (its socket gone or full).
    public var failedSends: Int { failures.count.load(ordering: .relaxed) }

    public func log(event: LogEvent) {
        var fields: [(String, String)] = [
            ("MESSAGE", "\(event.message)"),
            ("PRIORITY", String(Self.priority(event.level))),
            ("SYSLOG_IDENTIFIER", identifier),
            ("PANELKIT_LOGGER", label),
            ("CODE_FILE", event.file),
            ("CODE_LINE", String(event.line)),
            ("CODE_FUNC", event.function),
        ]
        if let error = event.error { fields.append(("PANELKIT_ERROR", "\(error)")) }
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let own = event.metadata { merged.merge(own) { $1 } }
        for key in merged.keys.sorted() {
            guard let name = Self.fieldName(key) else { continue }
            fields.append((name, "\(merged[key]!)"))
        }
        let datagram = Self.datagram(fields)
        let status = datagram.withUnsafeBufferPointer { bytes in
            socketPath.withCString { path in panel_notify_send(path, bytes.baseAddress, bytes.count) }
        }
        if status != 0 { failures.count.add(1, ordering: .relaxed) }
    }

    /// syslog's priority for `level`.
    public static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// The journal field for the metadata key `key`: `PANELKIT_` and the key in upper case,
    /// anything but letters, digits and `_` turned into `_`, at most 64 characters; nil for an
    /// empty key.
    public static func fieldName(_ key: String) -> String? {
        guard !key.isEmpty else { return nil }
        var name = "PANELKIT_"
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"): name.unicodeScalars.append(Unicode.Scalar(byte - 32))
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"): name.unicodeScalars.append(Unicode.Scalar(byte))
            default: name.append("_")
            }
            if name.utf8.count == 64 { break }
        }
        return name
    }

    /// The native protocol's datagram for `fields`: `NAME=value\n`, or, for a value with a
    /// newline in it, `NAME\n`, its length as 64-bit little-endian, the value and `\n`.
    public static func datagram(_ fields: [(String, String)]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (name, value) in fields {
            bytes.append(contentsOf: name.utf8)
            if value.utf8.contains(UInt8(ascii: "\n")) {
                bytes.append(UInt8(ascii: "\n"))
                let length = UInt64(value.utf8.count)
                for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: length >> UInt64(shift))) }
            } else {
                bytes.append(UInt8(ascii: "="))
            }
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// Whether systemd connected this process's standard error to the journal: `JOURNAL_STREAM`
    /// ("device:inode") names the file standard error is (systemd.exec(5)).
    public static func isStandardErrorJournal() -> Bool {
        isStandardErrorJournal(journalStream: getenv("JOURNAL_STREAM").map { String(cString: $0) }, descriptor: 2)
    }

    /// Whether `descriptor` is the stream `journalStream` ("device:inode") names.
    public static func isStandardErrorJournal(journalStream: String?, descriptor: Int32) -> Bool {
        guard let journalStream else { return false }
        let parts = journalStream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var actualDevice: UInt64 = 0
        var actualInode: UInt64 = 0
        guard panel_fd_identity(descriptor, &actualDevice, &actualInode) == 0 else { return false }
        return actualDevice == device && actualInode == inode
    }
}

/// Shared by a handler's copies (a Logger copies its handler with each metadata change).
private final class SendFailures: Sendable {
    let count = Atomic<Int>(0)
}
#endif
