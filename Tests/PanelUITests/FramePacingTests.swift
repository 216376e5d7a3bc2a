import PanelBench
import PanelCore
import PanelUI
import Testing

/// A frame clock client that notes when each frame ran.
@MainActor
final class FrameRecorder: FrameClockClient {
    let clock: ManualClock
    var times: [MonotonicInstant] = []
    init(_ clock: ManualClock) { self.clock = clock }
    func frameClockTick(_ now: MonotonicInstant) -> Bool {
        times.append(now)
        return true
    }
}

@Suite("Frame pacing by the display's refreshes")
@MainActor
struct FramePacingTests {
    private let period = MonotonicDuration.nanoseconds(16_666_667)

    /// A bench whose frame clock runs a recorder, `milliseconds` in.
    private func running(_ milliseconds: Int64) -> (Bench, FrameRecorder) {
        let bench = Bench(width: 100, height: 100)
        let recorder = FrameRecorder(bench.clock)
        bench.app.frameClock.add(recorder)
        bench.run(milliseconds: milliseconds)
        return (bench, recorder)
    }

    @Test("without refreshes reported, frames run on the 60 Hz timer")
    func timerWithoutRefreshes() {
        let (bench, recorder) = running(100)
        #expect(recorder.times.count >= 5)
        #expect(!bench.app.frameClock.isPacedByDisplay)
    }

    @Test("a refresh starts the next frame at once")
    func refreshStartsFrame() {
        let (bench, recorder) = running(20)
        let before = recorder.times.count
        bench.clock.advance(by: .milliseconds(14))
        bench.app.displayDidRefresh(at: bench.clock.now, period: period)
        bench.app.fireDueTimers()
        #expect(recorder.times.count == before + 1)
        #expect(recorder.times.last == bench.clock.now)
    }

    @Test("a refresh sooner than three quarters of a period after the last frame waits for that")
    func earlyRefreshWaits() {
        let (bench, recorder) = running(17)
        let last = recorder.times.last!
        bench.clock.advance(by: .milliseconds(1))
        bench.app.displayDidRefresh(at: bench.clock.now, period: period)
        bench.app.fireDueTimers()
        #expect(recorder.times.last == last)
        bench.clock.advance(by: .milliseconds(12))
        bench.app.fireDueTimers()
        #expect(recorder.times.count == 2)
        #expect(recorder.times.last! - last >= .milliseconds(12))
    }

    @Test("when no refresh comes, the timer stands in after a period and a half")
    func timerStandsIn() {
        let (bench, recorder) = running(17)
        bench.app.displayDidRefresh(at: bench.clock.now, period: period)
        bench.clock.advance(by: .milliseconds(13))
        bench.app.fireDueTimers()
        let paced = recorder.times.count
        bench.clock.advance(by: .milliseconds(20))
        bench.app.fireDueTimers()
        #expect(recorder.times.count == paced)
        bench.clock.advance(by: .milliseconds(6))
        bench.app.fireDueTimers()
        #expect(recorder.times.count == paced + 1)
    }
}
