public import Logging

#if os(Linux)
import Glibc
import PanelLinux
#endif

extension Logger {
    /// The runtime's logger: under systemd with the journal on standard error, journald's native
    /// protocol with structured fields (`JournalLogHandler`); otherwise plain lines on
    /// standard error (``PlainLogHandler``); either way rate-limited per call site
    /// (``RateLimitedLogHandler``: 10 a minute), at `level` and above.
    public static func panelKit(label: String = "panelkit", level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: label) { label in
            #if os(Linux)
            if JournalLogHandler.isStandardErrorJournal(), access(JournalLogHandler.defaultSocketPath, W_OK) == 0 {
                let name = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? label
                return RateLimitedLogHandler(JournalLogHandler(label: label, identifier: name))
            }
            return RateLimitedLogHandler(PlainLogHandler.standardError())
            #else
            return RateLimitedLogHandler(PlainLogHandler { print($0) })
            #endif
        }
        logger.logLevel = level
        return logger
    }
}
