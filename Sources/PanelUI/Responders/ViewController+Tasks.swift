/// Work a view controller starts on the main actor: network calls, waits, streams.
extension ViewController {
    /// Starts `operation` on the main actor, as `Task { @MainActor in … }` does, tied to this
    /// controller: it is cancelled when the controller's view disappears (a pushed screen popped,
    /// a sheet dismissed), as SwiftUI's `task` modifier does, so that a request whose screen has
    /// gone is not waited for. Until it ends, it counts in ``UITasks/running``: a headless
    /// session holds its virtual time while such work is under way (a reply from a server comes
    /// in real time), so a script's next tap meets the screen the reply made.
    ///
    /// An error it throws is reported (`UsageWarning`, which a PanelKit app logs) and ends the
    /// task, nothing else; a `CancellationError` is not reported. The run loop runs it between
    /// turns (`MainActorJobs`); its `await`s never hold up a frame.
    @discardableResult
    public func task(priority: TaskPriority? = nil, _ operation: @escaping @MainActor () async throws -> Void) -> Task<Void, Never> {
        let name = "\(type(of: self))"
        let id = UITasks.reserve()
        let task = Task(priority: priority) { @MainActor [weak self] in
            do {
                try await operation()
            } catch is CancellationError {
            } catch {
                UsageWarning.report("\(name).task", "the task ended by throwing \(error); catch it in the task to show it on the screen")
            }
            UITasks.end(id)
            self?.taskIDs.remove(id)
        }
        UITasks.begin(id, task)
        taskIDs.insert(id)
        return task
    }

    /// Cancels the tasks ``task(priority:_:)`` started that are still running.
    public func cancelTasks() {
        let ids = taskIDs
        taskIDs.removeAll()
        for id in ids { UITasks.cancel(id) }
    }
}

/// The tasks view controllers started with ``ViewController/task(priority:_:)``: what a headless
/// session waits for before it lets virtual time go on, and what is cancelled when the app stops.
@MainActor
public enum UITasks {
    private static var tasks: [UInt64: Task<Void, Never>] = [:]
    private static var next: UInt64 = 0

    /// How many are running: begun and not ended (a cancelled one runs until it sees the
    /// cancellation).
    public static var running: Int { tasks.count }

    /// Cancels every one (the app is stopping: SIGTERM, the window closed).
    public static func cancelAll() {
        for task in tasks.values { task.cancel() }
    }

    static func reserve() -> UInt64 {
        next &+= 1
        return next
    }

    static func begin(_ id: UInt64, _ task: Task<Void, Never>) { tasks[id] = task }

    static func end(_ id: UInt64) { tasks[id] = nil }

    static func cancel(_ id: UInt64) { tasks[id]?.cancel() }
}
