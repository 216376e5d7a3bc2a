public import Logging
public import PanelKit
import Synchronization

#if os(Linux)
import PanelLinux
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Where panelctl writes. Commands print through ``Console/current``; tests swap in a capturing
/// console with `Console.$current.withValue(…)` and read ``output``.
public final class Console: Sendable {
    @TaskLocal public static var current = Console(capturing: false)

    private let captured: Mutex<(out: String, err: String)?>

    /// A console that writes to stdout/stderr, or one that keeps the text (`capturing`).
    public init(capturing: Bool) {
        captured = Mutex(capturing ? ("", "") : nil)
    }

    /// Writes a line to standard output.
    public func line(_ text: String = "") {
        let written: Bool = captured.withLock { state in
            guard state != nil else { return false }
            state!.out += text + "\n"
            return true
        }
        if !written { writeAll(1, text + "\n") }
    }

    /// Writes a line to standard error.
    public func warning(_ text: String) {
        let written: Bool = captured.withLock { state in
            guard state != nil else { return false }
            state!.err += text + "\n"
            return true
        }
        if !written { writeAll(2, text + "\n") }
    }

    /// What was written to standard output (capturing consoles only).
    public var output: String { captured.withLock { $0?.out ?? "" } }
    /// What was written to standard error (capturing consoles only).
    public var errors: String { captured.withLock { $0?.err ?? "" } }
}

private func writeAll(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n < 0 { if errno == EINTR { continue } else { return } }
        offset += n
    }
}

/// A command that failed: one line that says what and how to fix it; the exit status is 1.
/// A command's failure: PanelKit's own error (cause and fix), so that the composition root's
/// errors reach the command line unchanged.
public typealias CommandFailure = PanelKitError

func say(_ text: String = "") { Console.current.line(text) }

extension Console {
    /// The runtime's logger for a command: journald's fields when systemd runs it with the journal
    /// on standard error (an installed kiosk unit), else plain lines on this console; rate-limited
    /// per call site either way.
    public var logger: Logger {
        #if os(Linux)
        if JournalLogHandler.isStandardErrorJournal() { return .panelKit() }
        #endif
        return Logger(label: "panelkit") { [self] _ in RateLimitedLogHandler(PlainLogHandler { self.line($0) }) }
    }
}

extension String {
    func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
