/// A run loop that watches descriptors for the app: a metrics endpoint's socket, the
/// diagnostics socket, a serial line of the app's own. A platform whose loop sleeps in `epoll`
/// (or `poll`, or a toolkit's own loop) offers one through ``Platform/descriptorWatcher``; the
/// handlers run on the main actor, between the app's turns.
@MainActor
public protocol DescriptorWatching: AnyObject {
    /// Calls `handler` on the main actor whenever `fileDescriptor` is readable (level
    /// triggered: read it, or it fires again), until ``stopWatching(_:)``.
    /// - Throws: ``PanelKitError`` when the descriptor is watched already or the kernel refuses.
    func watch(_ fileDescriptor: Int32, handler: @escaping @MainActor (Int32) -> Void) throws(PanelKitError)
    /// Stops watching `fileDescriptor` (nothing when it is not watched).
    func stopWatching(_ fileDescriptor: Int32)
}
