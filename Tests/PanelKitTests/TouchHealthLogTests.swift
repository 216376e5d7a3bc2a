import InMemoryLogging
import Logging
import PanelCore
import Testing

@testable import PanelLinuxPlatform

@MainActor
@Suite("the touch controller's faults and recoveries in the log")
struct TouchHealthLogTests {
    private let memory = InMemoryLogHandler()
    private var logger: Logger {
        var logger = Logger(label: "t") { [memory] _ in memory }
        logger.logLevel = .trace
        return logger
    }
    private let start = MonotonicInstant(nanoseconds: 5_000_000_000)

    @Test("a failed read is a warning with its reason and the error count, in the touch subsystem")
    func failedReadIsWarning() {
        let health = TouchHealthLog(logger: logger)
        health.observe(errors: 1, recoveries: 0, failedRecoveries: 0, lastError: .device(description: "EIO"), backoff: .zero, failing: true, now: start)
        #expect(memory.entries.count == 1)
        #expect(memory.entries.first?.level == .warning)
        #expect(memory.entries.first?.metadata["subsystem"] == "touch")
        #expect(memory.entries.first?.metadata["errors"] == "1")
        #expect(health.outageStart == start)
    }

    @Test("a reset that fails is an error naming the wait before the next attempt")
    func failedResetIsError() {
        let health = TouchHealthLog(logger: logger)
        health.observe(
            errors: 4, recoveries: 1, failedRecoveries: 1, lastError: .device(description: "EIO"), backoff: .milliseconds(10), failing: true, now: start)
        #expect(memory.entries.map(\.level) == [.error])
        #expect(memory.entries.first?.metadata["failed_resets"] == "1")
    }

    @Test("a reset that brings the controller back is a notice with how long it was gone and the failures meanwhile")
    func recoveryReportsOutage() {
        let health = TouchHealthLog(logger: logger)
        health.observe(errors: 3, recoveries: 0, failedRecoveries: 0, lastError: .device(description: "EIO"), backoff: .zero, failing: true, now: start)
        health.observe(
            errors: 5, recoveries: 2, failedRecoveries: 2, lastError: .device(description: "EIO"), backoff: .milliseconds(20), failing: true,
            now: start + .milliseconds(500))
        health.observe(
            errors: 5, recoveries: 3, failedRecoveries: 2, lastError: .device(description: "EIO"), backoff: .milliseconds(20), failing: true,
            now: start + .milliseconds(2500))
        let back = memory.entries.last
        #expect(back?.level == .notice)
        #expect(back?.metadata["outage_seconds"] == "2.5")
        #expect(back?.metadata["errors"] == "5")
        #expect(back?.metadata["failed_resets"] == "2")
        #expect(health.outageStart == nil)
    }

    @Test("reads that work again without a reset end the outage with an info line, so a later outage counts from its own start")
    func readsRecoverWithoutReset() {
        let health = TouchHealthLog(logger: logger)
        health.observe(errors: 2, recoveries: 0, failedRecoveries: 0, lastError: .device(description: "EIO"), backoff: .zero, failing: true, now: start)
        health.observe(
            errors: 2, recoveries: 0, failedRecoveries: 0, lastError: .device(description: "EIO"), backoff: .zero, failing: false,
            now: start + .milliseconds(40))
        #expect(memory.entries.map(\.level) == [.warning, .info])
        #expect(memory.entries.last?.metadata["outage_seconds"] == "0.04")
        #expect(health.outageStart == nil)
        let later = start + .milliseconds(60_000)
        health.observe(errors: 5, recoveries: 1, failedRecoveries: 0, lastError: .device(description: "EIO"), backoff: .zero, failing: true, now: later)
        #expect(memory.entries.last?.metadata["outage_seconds"] == "0.0")
    }

    @Test("counts that did not change log nothing")
    func unchangedCountsAreSilent() {
        let health = TouchHealthLog(logger: logger)
        health.observe(errors: 0, recoveries: 0, failedRecoveries: 0, lastError: nil, backoff: .zero, failing: false, now: start)
        #expect(memory.entries.isEmpty)
    }
}

@Suite("durations in the touch controller's log lines")
struct TouchHealthDurationTests {
    @Test("a duration reads in seconds: milliseconds as 0.010 s, seconds to a tenth, long ones whole")
    @MainActor
    func durationText() {
        #expect(TouchHealthLog.text(.milliseconds(10)) == "0.010 s")
        #expect(TouchHealthLog.text(.milliseconds(250)) == "0.250 s")
        #expect(TouchHealthLog.text(.milliseconds(3895)) == "3.9 s")
        #expect(TouchHealthLog.text(.milliseconds(42_000)) == "42 s")
    }
}
