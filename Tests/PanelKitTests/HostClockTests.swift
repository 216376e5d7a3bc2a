import PanelCore
import PanelKit
import Testing

@Suite("HostClock")
struct HostClockTests {
    @Test("the host clock advances with real time, by at least the time slept")
    func advances() {
        let clock = HostClock()
        let before = clock.now
        let slept = ContinuousClock().measure { busyWait(milliseconds: 3) }
        let after = clock.now
        #expect(before > .zero)
        #expect(after - before >= MonotonicDuration(slept) - .milliseconds(1))
        #expect(after - before >= .milliseconds(2))
    }

    /// Spins for `milliseconds` of the standard library's clock (no sleep call to mock).
    private func busyWait(milliseconds: Int) {
        let end = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < end {}
    }
}
