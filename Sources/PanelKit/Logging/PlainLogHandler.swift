public import Logging

#if os(Linux)
import Glibc
#endif

/// A swift-log handler that writes one plain line per message, for a terminal or a file:
/// `subsystem: [warning: |error: ]message (key=value, …)`. The subsystem is the `subsystem`
/// metadata (`touch`, `power`, `keys` …); no time stamp, no level for info and notice.
public struct PlainLogHandler: LogHandler {
    /// Metadata added to every line.
    public var metadata: Logger.Metadata = [:]
    /// The lowest level written.
    public var logLevel: Logger.Level = .info
    private let write: @Sendable (String) -> Void

    /// A handler that gives each line (without its newline) to `write`.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    #if os(Linux)
    /// A handler writing to standard error, each line in one `write(2)`.
    public static func standardError() -> PlainLogHandler {
        PlainLogHandler { text in
            var line = text + "\n"
            line.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
        }
    }
    #endif

    /// One key of ``metadata``.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes `event` as one line on standard error.
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let own = event.metadata { merged.merge(own) { $1 } }
        write(Self.line(level: event.level, message: "\(event.message)", metadata: merged, error: event.error))
    }

    /// The line for a message.
    public static func line(level: Logger.Level, message: String, metadata: Logger.Metadata, error: (any Error)? = nil) -> String {
        var line = ""
        if let subsystem = metadata["subsystem"] { line += "\(subsystem): " }
        switch level {
        case .warning: line += "warning: "
        case .error, .critical: line += "error: "
        case .trace, .debug, .info, .notice: break
        }
        line += message
        var details = metadata.keys.filter { $0 != "subsystem" }.sorted().map { "\($0)=\(metadata[$0]!)" }
        if let error { details.append("error=\(error)") }
        if !details.isEmpty { line += " (" + details.joined(separator: ", ") + ")" }
        return line
    }
}
