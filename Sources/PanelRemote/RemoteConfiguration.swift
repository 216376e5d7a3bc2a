public import PanelCore

/// How the remote-support server listens and whom it lets in. Off unless an app's
/// configuration (`--remote`, `PANELKIT_REMOTE`) turns it on.
public struct RemoteConfiguration: Sendable {
    /// The IPv4 address to listen on: loopback by default, reached through an SSH tunnel.
    /// Another address needs ``certificateFile`` and ``keyFile``: plain VNC authentication
    /// (DES, the password's first 8 characters) is accepted only on loopback.
    public var host: String
    /// The TCP port (5900, VNC's first display, by default); 0 picks a free one.
    public var port: UInt16
    /// The file whose first line is the password: mode 0600, owned by the service's user.
    public var passwordFile: String
    /// Whether viewers only watch: their pointer and keys are ignored.
    public var viewOnly: Bool
    /// The most viewers at once; one more is refused and logged.
    public var maxClients: Int
    /// A viewer who sends nothing for this long is disconnected.
    public var idleTimeout: MonotonicDuration
    /// How long a viewer's writer (a thread of LibVNCServer's, never the UI thread) waits on a
    /// viewer that does not read, or its reader on half a message, before that viewer is
    /// dropped. LibVNCServer checks in steps of 5 s, so the bound is this rounded up to one.
    public var clientTimeout: MonotonicDuration
    /// TLS: the server's certificate (PEM), for viewers that connect over a TLS WebSocket
    /// (noVNC in a browser). With it, only encrypted viewers are let in.
    public var certificateFile: String?
    /// TLS: the certificate's private key (PEM).
    public var keyFile: String?
    /// Failed authentications: how many from one address before it is refused for a while.
    public var failureLimiter: FailureLimiter

    /// A configuration listening on `host`:`port`, the password read from `passwordFile`.
    public init(
        host: String = "127.0.0.1", port: UInt16 = 5900, passwordFile: String, viewOnly: Bool = false, maxClients: Int = 2,
        idleTimeout: MonotonicDuration = .seconds(Int64(900)), clientTimeout: MonotonicDuration = .seconds(Int64(10)),
        certificateFile: String? = nil, keyFile: String? = nil, failureLimiter: FailureLimiter = FailureLimiter()
    ) {
        self.host = host
        self.port = port
        self.passwordFile = passwordFile
        self.viewOnly = viewOnly
        self.maxClients = maxClients
        self.idleTimeout = idleTimeout
        self.clientTimeout = clientTimeout
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.failureLimiter = failureLimiter
    }

    /// Whether ``host`` is a loopback address (127.0.0.0/8).
    public var isLoopback: Bool { host.hasPrefix("127.") || host == "localhost" }
}
