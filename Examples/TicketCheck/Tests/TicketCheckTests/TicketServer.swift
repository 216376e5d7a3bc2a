import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real ticket server for the tests, on SwiftNIO's HTTP/1.1, on a free loopback port:
/// `POST /tickets/check` answers by code (TK-1001 valid, TK-2002 used, anything else unknown),
/// or misbehaves as `behaviour` says.
final class TicketServer: Sendable {
    enum Behaviour: Sendable {
        /// Answers at once.
        case answers
        /// Reads the request and never answers.
        case neverAnswers
        /// Answers after `milliseconds`.
        case answersAfter(milliseconds: Int64)
        /// Answers 200 with a body of `bytes` (streamed).
        case hugeReply(bytes: Int)
        /// Answers HTTP 500.
        case fails
    }

    let port: Int
    private let channel: any Channel
    private let counts: Counts

    var requests: Int { counts.state.withLock { $0.requests } }
    /// Connections the client closed before the answer was sent.
    var closedEarly: Int { counts.state.withLock { $0.closedEarly } }

    init(_ behaviour: Behaviour) async throws {
        let state = Counts()
        counts = state
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(TicketHandler(behaviour: behaviour, state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
    }

    var url: String { "http://127.0.0.1:\(port)" }

    func stop() async throws { try await channel.close() }
}

/// What the server saw, from its event loop's threads.
final class Counts: Sendable {
    let state = Mutex((requests: 0, closedEarly: 0))
}

/// One connection's requests.
private final class TicketHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let behaviour: TicketServer.Behaviour
    let counts: Counts
    var body: [UInt8] = []
    var answered = true

    init(behaviour: TicketServer.Behaviour, state: Counts) {
        self.behaviour = behaviour
        counts = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            body = []
            answered = false
            counts.state.withLock { $0.requests += 1 }
        case .body(var buffer):
            body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            respond(context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !answered { counts.state.withLock { $0.closedEarly += 1 } }
        context.fireChannelInactive()
    }

    private func respond(_ context: ChannelHandlerContext) {
        switch behaviour {
        case .answers:
            send(context, status: .ok, json: verdict())
        case .neverAnswers:
            break
        case .answersAfter(let milliseconds):
            let json = verdict()
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .milliseconds(milliseconds)) {
                let (handler, context) = loopBound.value
                handler.send(context, status: .ok, json: json)
            }
        case .hugeReply(let bytes):
            answered = true
            var head = HTTPResponseHead(version: .http1_1, status: .ok)
            head.headers.add(name: "Content-Type", value: "application/json")
            head.headers.add(name: "Content-Length", value: "\(bytes)")
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 1 << 20)
            for _ in 0 ..< bytes >> 20 { context.write(wrapOutboundOut(.body(.byteBuffer(chunk))), promise: nil) }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .fails:
            send(context, status: .internalServerError, json: #"{"error":"database down"}"#)
        }
    }

    /// The verdict for the code in the request's JSON body.
    private func verdict() -> String {
        let text = String(decoding: body, as: UTF8.self)
        if text.contains("TK-1001") { return #"{"valid":true,"holder":"Ada Lovelace","zone":"B"}"# }
        if text.contains("TK-2002") { return #"{"valid":false,"reason":"already used"}"# }
        return #"{"valid":false,"reason":"unknown ticket"}"#
    }

    private func send(_ context: ChannelHandlerContext, status: HTTPResponseStatus, json: String) {
        answered = true
        var head = HTTPResponseHead(version: .http1_1, status: status)
        head.headers.add(name: "Content-Type", value: "application/json")
        head.headers.add(name: "Content-Length", value: "\(json.utf8.count)")
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: json)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
