#if os(Linux)
import Logging
import PanelLinuxPlatform
import PanelPlatform
#if Remote
import PanelRemote
#endif

/// What an app's object for remote support is, to the runtime: something it stops at the end.
@MainActor
protocol RemoteSupportSession: AnyObject {
    func stop()
}

#if Remote
extension RemoteServer: RemoteSupportSession {}
#endif

extension PanelRuntime {
    /// Starts remote support (VNC) when the options ask for it: a refused password file, an
    /// address off loopback without TLS or a port in use is one clear line, and the app runs on
    /// without it. Nil when it is off or could not start.
    func startRemoteSupport() -> (any RemoteSupportSession)? {
        guard let address = options.remote else { return nil }
        let log = logger.subsystem("remote")
        #if Remote
        // A loop that watches descriptors wakes for the viewers' input; another (the
        // simulator's) runs it as main-actor work, as it runs any task's.
        let watcher = platform.descriptorWatcher
        guard watcher != nil || MainActorJobs.isRunByLoop else {
            log.warning("--remote needs a loop that watches sockets or runs main-actor work; the \(platform.name) platform does neither, so no remote support")
            return nil
        }
        guard let passwordFile = options.remotePasswordFile else {
            log.error("--remote: no password file; give --remote-password-file PATH (first line: the password; mode 0600), so no remote support")
            return nil
        }
        let configuration = RemoteConfiguration(
            host: address.host, port: address.port, passwordFile: passwordFile, viewOnly: options.remoteViewOnly,
            certificateFile: options.remoteCertificate, keyFile: options.remoteKey)
        do {
            return try RemoteServer(configuration: configuration, application: application, watcher: watcher, logger: log)
        } catch {
            log.error("\(error); the app runs on without remote support")
            return nil
        }
        #else
        log.error(
            "--remote \(address.port): this app was built without PanelKit's Remote trait, so it serves no remote support; add traits: [\"Remote\"] to its dependency on PanelKit (Debian: libvncserver-dev)"
        )
        return nil
        #endif
    }
}
#endif
