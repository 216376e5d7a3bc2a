#if os(Linux)
import CPanelLinux
import Glibc
import PanelPlatform
import Testing
import PanelCore
@testable import PanelLinux

@Suite("The wall clock being set, seen on the kernel", .enabled(if: Testbed.isAvailable), .serialized)
@MainActor
struct KernelWallClockTests {
    /// Moves CLOCK_REALTIME by `seconds` (the testbed runs as root).
    private func shiftWallClock(by seconds: Int) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        now.tv_sec += seconds
        #expect(clock_settime(CLOCK_REALTIME, &now) == 0)
    }

    private func runFor(_ loop: AppLoop, milliseconds: Int64) {
        let end = Testbed.now() + .milliseconds(milliseconds)
        while Testbed.now() < end { loop.turn(timeout: .milliseconds(10)) }
    }

    @Test("setting the wall clock wakes the watch once, and an unchanged clock never")
    func setClockIsSeenOnce() throws {
        let loop = try AppLoop(queueSignal: try WakeSignal(), clock: SystemClock())
        var changes = 0
        let watch = try WallClockWatch(runLoop: loop.loop) { changes += 1 }
        defer { watch.stop() }
        runFor(loop, milliseconds: 200)
        #expect(changes == 0)
        shiftWallClock(by: 3600)
        runFor(loop, milliseconds: 200)
        #expect(changes == 1)
        shiftWallClock(by: -3600)
        runFor(loop, milliseconds: 200)
        #expect(changes == 2)
    }
}
#endif
