internal import PanelFiles
import Synchronization

/// An app's mistake that PanelKit caught and ignored instead of stopping the kiosk: UIKit logs
/// such mistakes ("Attempt to present … which is already presenting …") and carries on, and
/// so does PanelKit. Each names the call, what was wrong and what to do instead.
///
/// Warnings go to ``UsageWarning/handler``: standard error by default; `PanelRuntime` sends
/// them to its logger (the journal under systemd), and a test can collect them.
public struct UsageWarning: Sendable, Equatable, CustomStringConvertible {
    /// The API that was misused, as it is spelled: `present(_:)`, `addSubview(_:)`.
    public let call: String
    /// What was wrong and what to do instead.
    public let message: String

    /// A warning that `call` was misused, and why.
    public init(call: String, message: String) {
        self.call = call
        self.message = message
    }

    /// `call: message`.
    public var description: String { "\(call): \(message)" }

    /// Receives every warning, on the thread that made the mistake (the main thread for the
    /// UI). Set it once at start-up; ``report(_:_:)`` calls it.
    public static var handler: @Sendable (UsageWarning) -> Void {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }

    /// Writes the warning to standard error.
    public static let standardError: @Sendable (UsageWarning) -> Void = { warning in
        writeToStandardError("PanelKit warning: \(warning)\n")
    }

    private static let installed = Mutex<@Sendable (UsageWarning) -> Void>(standardError)

    /// Receives the current task's warnings instead of ``handler`` while it is bound: how a
    /// test collects the warnings its own code causes, apart from tests running beside it. Use
    /// ``collecting(_:)``, which binds one around its body.
    ///
    /// The task-local value is a class, not a closure: a task-local closure crashed in
    /// `swift_task_localValuePush` when an app's package bound it in a release build.
    @TaskLocal public static var taskCollector: UsageWarningCollector?

    /// Runs `body` and returns what it returned with the warnings it (and only it, on this
    /// task) reported, in order.
    public static func collecting<R>(_ body: () throws -> R) rethrows -> (result: R, warnings: [UsageWarning]) {
        let collector = UsageWarningCollector()
        let result = try $taskCollector.withValue(collector) { try body() }
        return (result, collector.warnings)
    }

    /// Runs `body` and returns what it returned with the warnings it (and the child tasks it
    /// awaits) reported, in order.
    public static func collecting<R: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
    ) async rethrows -> (result: R, warnings: [UsageWarning]) {
        let collector = UsageWarningCollector()
        let result = try await $taskCollector.withValue(collector, operation: { try await body() }, isolation: isolation)
        return (result, collector.warnings)
    }

    /// Reports a mistake to ``taskCollector`` when one is bound, else to ``handler``. The
    /// caller then ignores the call (or does the nearest safe thing its documentation names).
    public static func report(_ call: String, _ message: String) {
        let warning = UsageWarning(call: call, message: message)
        if let taskCollector {
            taskCollector.add(warning)
        } else {
            handler(warning)
        }
    }
}

/// The warnings reported while it is bound as ``UsageWarning/taskCollector``, in order.
public final class UsageWarningCollector: Sendable {
    private let collected = Mutex<[UsageWarning]>([])

    /// An empty collector.
    public init() {}

    /// The warnings so far.
    public var warnings: [UsageWarning] { collected.withLock { $0 } }

    func add(_ warning: UsageWarning) {
        collected.withLock { $0.append(warning) }
    }
}
