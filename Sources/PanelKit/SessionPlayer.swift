/// A platform that plays a ``ScriptedSession``: the headless backend, whose fingers, buttons,
/// keys and clock are emulated, so a script can move them. ``PanelRuntime/run(session:)`` hands
/// the session to its platform when the platform is one; the others run until they are stopped
/// (the fingers there are real).
@MainActor
public protocol SessionPlayer {
    /// Plays `session` on `runtime`'s application and window (without one: draws the first
    /// frame and takes its screenshot), and reports what happened.
    /// - Throws: `PanelKitError`: a screenshot could not be written, or (kind `.session`) a
    ///   check failed or the input path lost a frame.
    func play(_ session: ScriptedSession?, in runtime: PanelRuntime) throws(PanelKitError) -> SessionReport
}
