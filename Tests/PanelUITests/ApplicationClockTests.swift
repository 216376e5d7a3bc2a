import PanelBench
import PanelCore
import PanelUI
import Testing

/// Lets the main actor's queued jobs run (a test runner's main queue is libdispatch's).
@MainActor
func letTasksRun() async {
    for _ in 0 ..< 20 { await Task.yield() }
}

// Serialized: UITasks counts the tasks of every controller in the process.
@Suite("The application's clock as a Swift Clock, and the tasks of view controllers", .serialized)
@MainActor
struct ApplicationClockTests {
    @Test("a sleep on the task clock ends on the turn after virtual time reaches its deadline, not before")
    func sleepEndsAtDeadline() async {
        let bench = Bench()
        var woke = false
        Task { @MainActor in
            try await bench.app.taskClock.sleep(for: .seconds(5))
            woke = true
        }
        await letTasksRun()
        #expect(bench.app.clockSleeperCount == 1)
        bench.clock.advance(by: .milliseconds(4_999))
        bench.app.runOnce()
        await letTasksRun()
        #expect(!woke)
        bench.clock.advance(by: .milliseconds(1))
        bench.app.runOnce()
        await letTasksRun()
        #expect(woke)
        #expect(bench.app.clockSleeperCount == 0)
    }

    @Test("a sleeper on the task clock whose task is cancelled throws CancellationError without virtual time moving")
    func cancelledSleeperThrows() async {
        let bench = Bench()
        var outcome: String?
        let task = Task { @MainActor in
            do {
                try await bench.app.taskClock.sleep(for: .seconds(60))
                outcome = "woke"
            } catch is CancellationError {
                outcome = "cancelled"
            } catch {
                outcome = "\(error)"
            }
        }
        await letTasksRun()
        task.cancel()
        await letTasksRun()
        #expect(outcome == "cancelled")
        #expect(bench.app.clockSleeperCount == 0)
        #expect(bench.app.nextTimerDeadline == nil)
    }

    @Test("the task clock's now is the application's virtual time at its last turn")
    func nowFollowsTheTurns() {
        let bench = Bench()
        let clock = bench.app.taskClock
        let start = clock.now
        bench.clock.advance(by: .milliseconds(250))
        bench.app.runOnce()
        #expect(start.duration(to: clock.now) == .milliseconds(250))
    }

    @Test("an instant advanced by an absurd duration is clamped, not trapped")
    func absurdDurationClamps() {
        #expect(ApplicationClock.Instant(nanoseconds: 1).advanced(by: Duration.seconds(Int64.max)).nanoseconds == .max)
        #expect(ApplicationClock.Instant(nanoseconds: -1).advanced(by: Duration.seconds(Int64.min)).nanoseconds == .min)
        #expect(ApplicationClock.Instant(nanoseconds: .min).duration(to: ApplicationClock.Instant(nanoseconds: .max)) == .nanoseconds(Int64.max))
    }

    @Test("a controller's task counts as running until it ends")
    func taskCountsWhileRunning() async {
        let controller = ViewController()
        let before = UITasks.running
        var finished = false
        controller.task { finished = true }
        #expect(UITasks.running == before + 1)
        await letTasksRun()
        #expect(finished)
        #expect(UITasks.running == before)
    }

    @Test("a controller's task that throws is reported as a warning naming the controller and the error, and ends")
    func throwingTaskIsReported() async {
        struct ServerDown: Error {}
        let controller = ViewController()
        let (_, warnings) = await UsageWarning.collecting {
            controller.task { throw ServerDown() }
            await letTasksRun()
        }
        #expect(warnings.map(\.call) == ["ViewController.task"])
        #expect(warnings.first?.message.contains("ServerDown") == true)
        #expect(UITasks.running == 0)
    }

    @Test("a controller's task ended by cancellation is not reported")
    func cancellationIsNotReported() async {
        let controller = ViewController()
        let (_, warnings) = await UsageWarning.collecting {
            controller.task { throw CancellationError() }
            await letTasksRun()
        }
        #expect(warnings.isEmpty)
    }

    @Test("a controller's task is cancelled when its view disappears")
    func taskCancelledOnDisappear() async {
        let bench = Bench()
        let controller = ViewController()
        bench.window.rootViewController = controller
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        var outcome: String?
        controller.task {
            do {
                try await bench.app.taskClock.sleep(for: .seconds(60))
                outcome = "woke"
            } catch {
                outcome = "cancelled"
            }
        }
        await letTasksRun()
        controller.beginAppearanceTransition(false, animated: false)
        controller.endAppearanceTransition()
        await letTasksRun()
        #expect(outcome == "cancelled")
    }
}
