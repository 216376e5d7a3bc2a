#if os(Linux)
import CPanelLinux
import Glibc
import Logging
import PanelLinux
import Testing

@Suite("the journald log handler: the native protocol's fields, and telling whether standard error is the journal")
struct JournalLogHandlerTests {
    @Test("a message reaches the journal socket as one datagram with its priority, identifier, call site and metadata as fields")
    func messageReachesSocketWithFields() throws {
        let journal = try FakeNotifySocket()
        var logger = Logger(label: "panelkit") { label in JournalLogHandler(label: label, identifier: "doorkeypad", socketPath: journal.path) }
        logger[metadataKey: "subsystem"] = "touch"
        logger.warning("reading the touch controller failed", metadata: ["errors": "3", "failed-resets": "0"])
        let messages = journal.messages()
        #expect(messages.count == 1)
        let fields = Set(messages.first?.split(separator: "\n").map(String.init) ?? [])
        #expect(fields.contains("MESSAGE=reading the touch controller failed"))
        #expect(fields.contains("PRIORITY=4"))
        #expect(fields.contains("SYSLOG_IDENTIFIER=doorkeypad"))
        #expect(fields.contains("PANELKIT_LOGGER=panelkit"))
        #expect(fields.contains("PANELKIT_SUBSYSTEM=touch"))
        #expect(fields.contains("PANELKIT_ERRORS=3"))
        #expect(fields.contains("PANELKIT_FAILED_RESETS=0"))
        #expect(fields.contains { $0.hasPrefix("CODE_FILE=") && $0.hasSuffix("JournalLogHandlerTests.swift") })
        #expect(fields.contains { $0.hasPrefix("CODE_LINE=") })
    }

    @Test("swift-log's levels map to syslog priorities: critical 2, error 3, warning 4, notice 5, info 6, debug and trace 7")
    func levelsMapToPriorities() {
        let levels: [Logger.Level] = [.critical, .error, .warning, .notice, .info, .debug, .trace]
        #expect(levels.map(JournalLogHandler.priority) == [2, 3, 4, 5, 6, 7, 7])
    }

    @Test("a value with a newline is sent in the binary form: the name, a newline, its length as 64-bit little-endian, the value")
    func multilineValueIsBinarySafe() {
        let bytes = JournalLogHandler.datagram([("MESSAGE", "two\nlines"), ("PRIORITY", "6")])
        let expected: [UInt8] = Array("MESSAGE\n".utf8) + [9, 0, 0, 0, 0, 0, 0, 0] + Array("two\nlines\n".utf8) + Array("PRIORITY=6\n".utf8)
        #expect(bytes == expected)
    }

    @Test("metadata keys become PANELKIT_ fields in upper case, other characters as underscores, at most 64 characters")
    func fieldNamesAreSanitized() {
        #expect(JournalLogHandler.fieldName("outage_seconds") == "PANELKIT_OUTAGE_SECONDS")
        #expect(JournalLogHandler.fieldName("bus.path-0") == "PANELKIT_BUS_PATH_0")
        #expect(JournalLogHandler.fieldName("") == nil)
        #expect(JournalLogHandler.fieldName(String(repeating: "k", count: 200))?.utf8.count == 64)
    }

    @Test("a journal that is not there loses the line, counts it and does not disturb the caller")
    func missingJournalIsCounted() {
        let handler = JournalLogHandler(label: "panelkit", identifier: "t", socketPath: "/tmp/panelkit-no-journal-\(getpid())")
        let logger = Logger(label: "panelkit") { _ in handler }
        logger.error("nobody hears this")
        #expect(handler.failedSends == 1)
    }

    @Test("standard error is the journal only when JOURNAL_STREAM names its device and inode")
    func journalStreamMatchesDescriptor() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var device: UInt64 = 0
        var inode: UInt64 = 0
        #expect(panel_fd_identity(fds[1], &device, &inode) == 0)
        #expect(JournalLogHandler.isStandardErrorJournal(journalStream: "\(device):\(inode)", descriptor: fds[1]))
        #expect(!JournalLogHandler.isStandardErrorJournal(journalStream: "\(device):\(inode &+ 1)", descriptor: fds[1]))
        #expect(!JournalLogHandler.isStandardErrorJournal(journalStream: nil, descriptor: fds[1]))
        #expect(!JournalLogHandler.isStandardErrorJournal(journalStream: "garbage", descriptor: fds[1]))
        #expect(!JournalLogHandler.isStandardErrorJournal(journalStream: "1:99999999999999999999999", descriptor: fds[1]))
    }
}
#endif
