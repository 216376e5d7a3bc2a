#if Bench
import Logging
import PanelBench
import PanelBoards
import PanelCore
import PanelLinuxPlatform
import PanelPlatform
import PanelUI

/// The session player: a headless platform plays a ``ScriptedSession``'s fingers, buttons,
/// keys, shakes and screenshots in its bench's virtual time, on the loop every app runs.
extension HeadlessPlatform: SessionPlayer {
    /// Plays `session` on `runtime`'s window (without one: draws the first frame and writes
    /// `start.png`), and says what happened; what the screen reader said is in the report.
    public func play(_ session: ScriptedSession?, in runtime: PanelRuntime) throws(PanelKitError) -> SessionReport {
        var report = try playScript(session, in: runtime)
        report.spoken = (runtime.application.speechOutput as? SpeechTranscript)?.spoken ?? []
        if let signal = report.stoppedBySignal {
            runtime.logger.notice("stopped by signal \(signal): the session was cut short, its touches and presses cancelled")
        }
        return report
    }

    private func playScript(_ session: ScriptedSession?, in runtime: PanelRuntime) throws(PanelKitError) -> SessionReport {
        let application = runtime.application
        let window = runtime.window
        let options = runtime.options
        let board = runtime.board
        var report = SessionReport()
        if let output = options.output { makeDirectories(output) }
        // Each view's problem is reported once, where it first showed (a list scrolled, a
        // label's new text), not again at each moment.
        var audited = Set<String>()
        func audit(_ moment: String) {
            guard options.accessibilityAudit else { return }
            report.auditedMoments += 1
            for finding in window.accessibilityAudit() where audited.insert("\(finding.kind) \(finding.view.map { "\($0)" } ?? finding.element)").inserted {
                report.accessibilityFindings.append((moment, finding))
            }
        }
        func shoot(_ name: String) throws(PanelKitError) {
            audit(name)
            guard let output = options.output else { return }
            let path = "\(output)/\(name).png"
            do { try framebuffer.writeScreenshot(to: path) } catch { throw PanelKitError(.display, "\(path)", error) }
            report.screenshots.append("\(name).png")
        }
        application.runOnce()
        guard let session else {
            try shoot("start")
            report.framesDrawn = application.display?.framesRendered ?? 0
            return report
        }
        let script = SessionScript(window: window)
        session.build(script)
        if let first = session.firstScreenshot { try shoot(first) } else { audit("start") }
        let started = bench.clock.now
        var end = bench.play(script.script) + .milliseconds(100)
        // Taps on views are placed when their time comes, on the screen as it is then.
        var deferredTaps = script.deferredTaps[...]
        if let last = deferredTaps.map({ $0.at + $0.hold }).max() { end = max(end, started + .milliseconds(last + 100)) }
        if let last = script.inputs.last { end = max(end, started + .milliseconds(last.at + 100)) }
        // A screenshot is taken at its time, even after the last touch.
        if let latest = script.screenshots.map(\.at).max() { end = max(end, started + .milliseconds(latest + 1)) }
        end = max(end, started + .milliseconds(script.endsNoEarlierThan))
        for push in script.buttonPushes {
            guard let button = bench.button(named: push.name) else {
                let names = bench.buttons.map(\.name)
                report.problems.append(
                    "the push at \(push.at) ms of button \"\(push.name)\" has no button: \(board.name) has \(names.isEmpty ? "no buttons" : names.joined(separator: ", "))"
                )
                continue
            }
            let down = started + .milliseconds(push.at)
            button.schedulePush(at: down, for: .milliseconds(push.hold), bounces: push.bounces)
            end = max(end, down + .milliseconds(push.hold + Int64(2 * push.bounces) + 100))
        }
        #if os(Linux)
        let keys = try BenchKeys(board: board)
        #endif
        var keyEvents = script.keyEvents[...]
        if let last = keyEvents.last { end = max(end, started + .milliseconds(last.at + 100)) }
        #if os(Linux)
        if keys == nil, let first = keyEvents.first {
            report.problems.append("the key \(first.code) at \(first.at) ms has no key device to come from: \(board.name) has no keys block")
            keyEvents = []
        }
        #else
        if let first = keyEvents.first {
            report.problems.append("the key \(first.code) at \(first.at) ms needs Linux's key decoder; this system has none")
            keyEvents = []
        }
        #endif
        for shake in script.boardShakes {
            guard let motion = bench.motion else {
                report.problems.append("the shake at \(shake.at) ms has no accelerometer to shake: \(board.name) has no motion block")
                continue
            }
            let from = started + .milliseconds(shake.at)
            motion.scheduleShake(at: from, for: .milliseconds(shake.duration))
            // The sampling settles a second after the last motion.
            end = max(end, from + .milliseconds(shake.duration + 1_200))
        }
        var inputs = script.inputs[...]
        var keySteps = script.keySteps[...]
        var nextKeyStep = script.keyStepsBegin
        if !keySteps.isEmpty { end = max(end, started + .milliseconds(nextKeyStep + 100)) }
        var pending = script.screenshots[...]
        var conditional = script.conditionalScreenshots
        // SIGINT or SIGTERM (a shell, a supervisor, CI) stops the session as on a real board:
        // between two steps, with every touch and press cancelled.
        #if os(Linux)
        watchTermination()
        defer { restoreTermination() }
        #endif
        let platform = self
        var failure: PanelKitError?
        // The loop every app runs (Platform.run): a turn of the app, the session's steps due by
        // now, then the platform's wait, which here steps the emulated chip in virtual time.
        let statistics = try platform.run(application) {
            #if os(Linux)
            if let signal = terminationRequested {
                report.stoppedBySignal = signal
                platform.stop()
                return
            }
            #endif
            do throws(PanelKitError) {
                var index = 0
                while index < conditional.count {
                    if conditional[index].condition() {
                        try shoot(conditional[index].name)
                        conditional.remove(at: index)
                    } else {
                        index += 1
                    }
                }
                let elapsed = (bench.clock.now - started).nanoseconds / 1_000_000
                if let step = keySteps.first, elapsed >= nextKeyStep {
                    keySteps.removeFirst()
                    if let presses = keyPresses(for: step, at: elapsed, application: application, window: window, report: &report) {
                        inputs = ArraySlice((Array(inputs) + presses.inputs).sorted { $0.at < $1.at })
                        nextKeyStep = presses.done + step.pause
                        end = max(end, started + .milliseconds(nextKeyStep + 100))
                    } else {
                        keySteps = []
                    }
                }
                // Placed a step ahead (30 ms: a step is at most 20), so the chip's report at the
                // tap's time already has the finger.
                while let next = deferredTaps.first, elapsed + 30 >= next.at {
                    deferredTaps.removeFirst()
                    switch next.finger(script.nextFingerNumber()) {
                    case .success(let finger): bench.add(finger)
                    case .failure(let problem): if !problem.isNothingToDo { report.problems.append(problem.words) }
                    }
                }
                while let next = inputs.first, elapsed >= next.at {
                    inputs.removeFirst()
                    application.handle(next.input(bench.clock.now))
                }
                #if os(Linux)
                while let next = keyEvents.first, elapsed >= next.at {
                    keyEvents.removeFirst()
                    keys?.key(next.code, down: next.down, at: bench.clock.now) { application.handle($0) }
                }
                #endif
                while let next = pending.first, elapsed >= next.at {
                    pending.removeFirst()
                    try shoot(next.name)
                }
            } catch {
                failure = error
                platform.stop()
            }
            // The end waits for animations to settle (an alert fading out, a screen sliding in),
            // for at most settleLimit: the last screenshot shows the screen at rest.
            if bench.clock.now >= end, !application.frameClock.isRunning || bench.clock.now >= end + PanelRuntime.settleLimit { platform.stop() }
        }
        finishUITasks(logger: runtime.logger)
        if let failure { throw failure }
        #if os(Linux)
        keys?.cancel(at: bench.clock.now) { application.handle($0) }
        #endif
        if report.stoppedBySignal != nil {
            // Stopped as on a real board: every touch and press that began is cancelled; the
            // checks are not made, since the session did not reach its end.
            application.cancelAllTouches()
            application.cancelAllPresses(at: bench.clock.now)
            application.runOnce()
            if let last = session.lastScreenshot { try shoot(last) }
            report.statistics = statistics
            report.framesDrawn = application.display?.framesRendered ?? 0
            report.lostFrames = application.lostFrameCount
            report.droppedTouches = application.droppedTouchCount
            return report
        }
        application.runOnce()
        for shot in pending { try shoot(shot.name) }
        if let last = session.lastScreenshot { try shoot(last) } else { audit("end") }
        report.statistics = statistics
        report.framesDrawn = application.display?.framesRendered ?? 0
        report.lostFrames = application.lostFrameCount
        report.droppedTouches = application.droppedTouchCount
        report.problems += script.unreachable
        if workTimedOut {
            report.problems.append(
                "work the app started (a task of a view controller, an image decode) was still under way after \(workTimeout.nanoseconds / 1_000_000_000) s of real time, so the session went on without it: a server that never answers? give the request a timeout, or cancel the task"
            )
        }
        for check in script.checks where !check.condition() { report.problems.append(check.description()) }
        if report.statistics.errors > 0 { report.problems.append("the driver reported \(report.statistics.errors) errors") }
        if report.lostFrames > 0 || report.droppedTouches > 0 {
            report.problems.append("the input path lost \(report.lostFrames) frames and dropped \(report.droppedTouches) touches")
        }
        if !report.problems.isEmpty {
            throw PanelKitError(.session, "the scripted session did not end as expected: \(report.problems.joined(separator: "; "))")
        }
        return report
    }

    /// The presses that take the screen reader from where it is to `step`'s element and
    /// select it, from `ms` on, and when the select is made; nil (the problem reported) when
    /// there is no such element or the reader cannot reach it.
    private func keyPresses(
        for step: SessionScript.KeyStep, at ms: Int64, application: Application, window: Window, report: inout SessionReport
    ) -> (inputs: [(at: Int64, input: @MainActor (MonotonicInstant) -> DeviceInput)], done: Int64)? {
        let order = window.accessibilityReadingOrder()
        guard let target = step.target(), let index = order.firstIndex(where: { $0 === target }) else {
            report.problems.append("the screen reader never reaches \(step.name) at \(ms) ms: it is not on the screen, or not in the reading order")
            return nil
        }
        let current = application.screenReader?.focusedElement
        let from = order.firstIndex { $0 === current } ?? -1
        let presses = SessionScript.readerPresses(from: from, to: index, at: ms, spacing: 150)
        return (presses.flatMap { SessionScript.pressInputs($0.type, at: $0.at) }, presses[presses.count - 1].at)
    }
}

extension SessionScript {
    /// The session's fingers, to play on the bench's emulated chip.
    var script: TouchScript { TouchScript(fingers: fingers) }
}
#endif
