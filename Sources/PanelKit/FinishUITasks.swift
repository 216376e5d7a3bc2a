import Logging
import PanelPlatform
import PanelUI

/// The app stops (SIGTERM, the window closed, the session's end): the controllers' tasks
/// still running are cancelled and get up to 100 ms of real time to end (close a connection,
/// say), run by this loop; then the app exits whatever they do, and `logger` says so.
@MainActor
func finishUITasks(logger: Logger) {
    guard UITasks.running > 0 else { return }
    UITasks.cancelAll()
    guard MainActorJobs.isRunByLoop else { return }
    let host = HostClock()
    let deadline = host.now + .milliseconds(100)
    MainActorJobs.runQueued()
    while UITasks.running > 0 {
        let remaining = (deadline - host.now).nanoseconds / 1_000_000
        guard remaining > 0 else { break }
        MainActorJobs.waitForWork(milliseconds: Int32(clamping: remaining))
        MainActorJobs.runQueued()
    }
    if UITasks.running > 0 {
        logger.warning("\(UITasks.running) tasks of view controllers were still running 100 ms after they were cancelled; the app stops without them")
    }
}
