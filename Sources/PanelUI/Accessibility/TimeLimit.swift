import PanelCore
import PanelPlatform

/// A time limit the app sets (a session that signs out, a form that resets, a seat held for
/// payment) that a person can extend, and is warned of in more than one way before it runs
/// out: WCAG's "timing adjustable", and the EAA's demand that a terminal's timed responses be
/// announced through more than one sense and their time be extendable.
///
/// ``warningLead`` before the end the limit warns: it speaks ``warningMessage`` (through the
/// application's speech output, with or without the screen reader) and shows it: the app's
/// ``onWarning``, else an alert with a "More time" button. Any touch or key during the warning
/// extends the limit by its whole ``duration`` (so does ``extend()``); with
/// ``resetsOnActivity`` (the default), any input before it starts the count again, as an
/// inactivity timeout does. At the end ``onExpire`` runs. One timer, moved only when it fires:
/// input only notes its time.
@MainActor
public final class TimeLimit {
    /// How long the limit runs without input.
    public let duration: MonotonicDuration
    /// How long before the end the warning comes (at most half the duration).
    public let warningLead: MonotonicDuration
    /// What the warning says and shows.
    public var warningMessage = "Time is almost up. Touch the screen or press a key for more time."
    /// Whether input before the warning starts the count again (an inactivity timeout).
    /// Default true; false: the limit runs from ``start()`` whatever happens.
    public var resetsOnActivity = true
    /// Shows the warning (a banner of the app's own); nil: an alert with a "More time" button.
    public var onWarning: (@MainActor (TimeLimit) -> Void)?
    /// Runs when the limit expires.
    public var onExpire: @MainActor (TimeLimit) -> Void
    /// Whether the limit is counting.
    public private(set) var isRunning = false
    /// Whether the warning is out (until the limit is extended or expires).
    public private(set) var isWarning = false
    /// How many times the limit was extended.
    public private(set) var extensionCount = 0

    private unowned let application: Application
    private var lastActivity = MonotonicInstant.zero
    private var timer: TimerHandle?
    private var alert: Alert?

    /// A limit of `duration` on `application`, warned `warning` before its end; call
    /// ``start()``.
    public init(
        application: Application, duration: MonotonicDuration, warning: MonotonicDuration = .milliseconds(20_000),
        onExpire: @escaping @MainActor (TimeLimit) -> Void
    ) {
        self.application = application
        self.duration = max(duration, .milliseconds(1))
        self.warningLead = min(max(warning, .zero), MonotonicDuration(nanoseconds: self.duration.nanoseconds / 2))
        self.onExpire = onExpire
    }

    /// Starts (or restarts) the count from now.
    public func start() {
        lastActivity = application.clock.now
        isRunning = true
        endWarning()
        if !application.accessibilityState.timeLimits.contains(where: { $0 === self }) { application.accessibilityState.timeLimits.append(self) }
        schedule(at: lastActivity + duration - warningLead)
    }

    /// Stops the count; nothing is warned or expires.
    public func cancel() {
        isRunning = false
        endWarning()
        if let timer { application.cancelTimer(timer) }
        timer = nil
        application.accessibilityState.timeLimits.removeAll { $0 === self }
    }

    /// Gives the whole duration again, from now, and says so when it was warning.
    public func extend() {
        guard isRunning else { return }
        let wasWarning = isWarning
        extensionCount += 1
        start()
        if wasWarning { application.speechOutput?.speak("More time given", mode: .interrupt) }
    }

    /// Input arrived (the application calls this for every touch and key while the limit runs).
    func noteActivity() {
        if isWarning {
            extend()
        } else if resetsOnActivity {
            lastActivity = application.clock.now  // the timer measures again when it fires
        }
    }

    private func schedule(at deadline: MonotonicInstant) {
        if let timer { application.cancelTimer(timer) }
        let delay = max(deadline - application.clock.now, .zero)
        timer = try? application.scheduleTimer(after: delay) { [weak self] _ in self?.fire() }
    }

    private func fire() {
        timer = nil
        guard isRunning else { return }
        let now = application.clock.now
        if isWarning {
            isRunning = false
            endWarning()
            application.accessibilityState.timeLimits.removeAll { $0 === self }
            onExpire(self)
            return
        }
        let warnAt = lastActivity + duration - warningLead
        if now < warnAt {
            schedule(at: warnAt)  // input came since: the count started again
            return
        }
        isWarning = true
        application.speechOutput?.speak(warningMessage, mode: .interrupt)
        if let onWarning {
            onWarning(self)
        } else if let window = application.keyWindow {
            let alert = Alert(title: "More time?", message: warningMessage)
            alert.addAction(AlertAction(title: "More time") { [weak self] _ in self?.extend() })
            alert.showOverlay(in: window)
            self.alert = alert
        }
        schedule(at: now + warningLead)
    }

    private func endWarning() {
        isWarning = false
        alert?.dismissOverlay()
        alert = nil
    }
}
