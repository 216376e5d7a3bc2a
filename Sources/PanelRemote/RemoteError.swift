import PanelFiles

/// Why the remote-support server did not start. Each names its cause and the fix; the app runs
/// on without remote support.
public enum RemoteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The password file was refused.
    case passwordFile(path: String, problem: String)
    /// The host is not an IPv4 address.
    case address(String)
    /// A non-loopback address without TLS.
    case plainOffLoopback(host: String)
    /// TLS was asked for and this LibVNCServer cannot encrypt, or only one of its files was given.
    case encryption(String)
    /// The port could not be taken.
    case listen(host: String, port: UInt16, reason: String)
    /// The library could not start the server.
    case server(String)

    /// The cause and the fix.
    public var description: String {
        switch self {
        case .passwordFile(let path, let problem):
            "remote support: the password file \(path) \(problem)"
        case .address(let host):
            "remote support: \(host) is not an IPv4 address: listen on 127.0.0.1 (the default) or an address of this machine"
        case .plainOffLoopback(let host):
            "remote support: listening on \(host) needs TLS (--remote-certificate and --remote-key): plain VNC authentication is accepted only on loopback; reach a loopback server through an SSH tunnel (docs/remote-support.md)"
        case .encryption(let problem):
            "remote support: \(problem)"
        case .listen(let host, let port, let reason):
            "remote support: cannot listen on \(host):\(port): \(reason)"
        case .server(let problem):
            "remote support: \(problem)"
        }
    }
}
