import InMemoryLogging
import Logging
import PanelCore
import PanelKit
import Synchronization
import Testing

/// A clock a test moves by hand, readable from any thread.
final class TestInstant: Sendable {
    private let nanoseconds = Atomic<UInt64>(1_000_000_000)
    var now: MonotonicInstant { MonotonicInstant(nanoseconds: nanoseconds.load(ordering: .relaxed)) }
    func advance(_ duration: MonotonicDuration) { nanoseconds.add(UInt64(duration.nanoseconds), ordering: .relaxed) }
}

@Suite("plain log lines and the rate limit in front of any handler")
struct LogHandlerTests {
    @Test("a plain line is the subsystem, the level for warnings and errors, the message and the other metadata sorted")
    func plainLineFormat() {
        #expect(PlainLogHandler.line(level: .info, message: "screen on", metadata: ["subsystem": "power"]) == "power: screen on")
        #expect(
            PlainLogHandler.line(level: .warning, message: "read failed", metadata: ["subsystem": "touch", "reason": "EIO", "errors": "3"])
                == "touch: warning: read failed (errors=3, reason=EIO)")
        #expect(PlainLogHandler.line(level: .critical, message: "gone", metadata: [:]) == "error: gone")
    }

    @Test("one call site logs at most the burst per interval; the rest are dropped and counted")
    func burstThenDropped() {
        let memory = InMemoryLogHandler()
        let clock = TestInstant()
        let limited = RateLimitedLogHandler(memory, burst: 3, interval: .milliseconds(60_000), now: { clock.now })
        let logger = Logger(label: "t") { _ in limited }
        for i in 0 ..< 10 { logger.warning("bus error \(i)") }
        #expect(memory.entries.map(\.message) == ["bus error 0", "bus error 1", "bus error 2"])
        #expect(limited.suppressedCount == 7)
    }

    @Test("after the interval the next message is preceded by one line saying how many were suppressed")
    func suppressedCountReported() throws {
        let memory = InMemoryLogHandler()
        let clock = TestInstant()
        let limited = RateLimitedLogHandler(memory, burst: 2, interval: .milliseconds(10_000), now: { clock.now })
        let logger = Logger(label: "t") { _ in limited }
        func report() { logger.error("controller gone") }  // one call site
        for _ in 0 ..< 5 { report() }
        clock.advance(.milliseconds(10_000))
        report()
        let messages = memory.entries.map { "\($0.level) \($0.message)" }
        try #require(messages.count == 4)
        #expect(messages[2].hasPrefix("error 3 more like the next were suppressed"))
        #expect(messages[3] == "error controller gone")
    }

    @Test("each call site has its own allowance: a flood from one does not silence another")
    func callSitesAreIndependent() {
        let memory = InMemoryLogHandler()
        let limited = RateLimitedLogHandler(memory, burst: 1, interval: .milliseconds(60_000), now: { MonotonicInstant(nanoseconds: 0) })
        let logger = Logger(label: "t") { _ in limited }
        for _ in 0 ..< 5 { logger.warning("flood") }
        logger.notice("screen on")
        #expect(memory.entries.map(\.message) == ["flood", "screen on"])
    }

    @Test("the rate limit keeps the wrapped handler's level and metadata")
    func levelAndMetadataPassThrough() {
        let memory = InMemoryLogHandler()
        var logger = Logger(label: "t") { _ in RateLimitedLogHandler(memory) }
        logger.logLevel = .warning
        logger[metadataKey: "subsystem"] = "touch"
        logger.info("not shown")
        logger.warning("shown")
        #expect(memory.entries.count == 1)
        #expect(memory.entries.first?.metadata["subsystem"] == "touch")
    }
}
