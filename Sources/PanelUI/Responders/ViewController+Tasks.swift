/// Work a view controller starts on the main actor: network calls, waits, streams.
extension ViewController {
    /// Starts `operation` on the main actor, as `Task { @MainActor in … }` does, tied to this
    /// controller: it is cancelled when the controller's view disappears (a pushed screen popped,
    /// a sheet dismissed), as SwiftUI's `task` modifier does, so that a request whose screen has
    /// gone is not waited for. Until it ends, it counts in ``UITasks/running``: a headless
    /// session holds its virtual time while such work is under way (a reply from a server comes
    /// in real time), so a script's next tap meets the screen the reply made.
    ///
    /// The run loop runs it between turns (``MainActorJobs``); its `await`s never block a frame.
    @discardableResult
    public func task(priority: TaskPriority? = nil, _ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let id = UITasks.begin()
        let task = Task(priority: priority) { @MainActor [weak self] in
            await operation()
            UITasks.end(id)
            self?.tasks[id] = nil
        }
        tasks[id] = task
        return task
    }

    /// Cancels the tasks ``task(priority:_:)`` started that are still running.
    public func cancelTasks() {
        let running = tasks
        tasks.removeAll()
        for (id, task) in running {
            task.cancel()
            UITasks.end(id)
        }
    }
}

/// The tasks view controllers started with ``ViewController/task(priority:_:)``: what a headless
/// session waits for before it lets virtual time go on.
@MainActor
public enum UITasks {
    private static var ids = Set<UInt64>()
    private static var next: UInt64 = 0

    /// How many are running (begun, neither ended nor cancelled).
    public static var running: Int { ids.count }

    static func begin() -> UInt64 {
        next &+= 1
        ids.insert(next)
        return next
    }

    static func end(_ id: UInt64) { ids.remove(id) }
}
