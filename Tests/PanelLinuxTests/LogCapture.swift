import Logging
import PanelKit
import Synchronization

/// A logger whose plain lines (``PlainLogHandler``'s form) are kept for a test to read.
final class LogCapture: Sendable {
    private let kept = Mutex<[String]>([])

    /// Everything logged so far, one line per message.
    var lines: [String] { kept.withLock { $0 } }

    /// A logger into this capture, at `level` and above.
    func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "test") { [self] _ in PlainLogHandler { line in self.kept.withLock { $0.append(line) } } }
        logger.logLevel = level
        return logger
    }
}
