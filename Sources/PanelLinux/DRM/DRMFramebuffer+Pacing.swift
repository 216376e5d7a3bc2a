#if os(Linux)
public import PanelPlatform

extension DRMFramebuffer {
    /// Paces `client`'s animation frames by this display: every completed page flip (a
    /// vertical blank that put the last frame on the glass) is reported to
    /// ``RunLoopClient/displayDidRefresh(at:period:)``, which starts the next frame, instead of
    /// a free-running 60 Hz timer that beats against the display's refresh. The card's
    /// events are read on `runLoop` as they come; a flip a frame waited for is reported too.
    /// Remove the returned source (and set ``onFlip`` to nil) to stop.
    @MainActor
    public func paceFrames(of client: any RunLoopClient, on runLoop: LinuxRunLoop) throws(RunLoopError) -> LinuxRunLoop.Source {
        let period = refreshPeriod
        onFlip = { [weak client] time in
            MainActor.assumeIsolated { client?.displayDidRefresh(at: time, period: period) }
        }
        return try runLoop.add(fileDescriptor: eventDescriptor) { [weak self] _ in
            self?.handleFlipEvent()
        }
    }
}
#endif
