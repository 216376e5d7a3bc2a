import AsyncHTTPClient
import FoundationEssentials
import NIOCore

/// What the ticket server said about a code.
public struct TicketVerdict: Codable, Sendable, Equatable {
    /// Whether the ticket lets its holder in.
    public var valid: Bool
    /// The holder's name, for a valid ticket.
    public var holder: String?
    /// The zone the ticket is for.
    public var zone: String?
    /// Why an invalid ticket is not valid (used, expired, unknown).
    public var reason: String?

    /// A verdict.
    public init(valid: Bool, holder: String? = nil, zone: String? = nil, reason: String? = nil) {
        self.valid = valid
        self.holder = holder
        self.zone = zone
        self.reason = reason
    }
}

/// Why a check did not get a verdict, in words for the alert.
public enum TicketCheckError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server did not answer within the timeout.
    case timedOut(seconds: Int)
    /// The server could not be reached.
    case unreachable(String)
    /// The server answered with an HTTP error.
    case status(Int)
    /// The reply was larger than the limit.
    case replyTooLarge(limit: Int)
    /// The reply was not the JSON the service promises.
    case malformedReply
    /// The screen went away: the request was cancelled (no alert).
    case cancelled

    public var description: String {
        switch self {
        case .timedOut(let seconds): "The ticket server did not answer within \(seconds) s. Try again, or call staff."
        case .unreachable(let detail): "The ticket server cannot be reached (\(detail)). Call staff."
        case .status(let code): "The ticket server answered with an error (HTTP \(code)). Try again, or call staff."
        case .replyTooLarge(let limit): "The ticket server's reply was larger than \(limit / 1024) KiB, so it was not read. Call staff."
        case .malformedReply: "The ticket server's reply could not be read. Call staff."
        case .cancelled: "The check was cancelled."
        }
    }
}

/// The ticket server's `POST /tickets/check` (JSON `{"code": …}` in, a ``TicketVerdict`` out),
/// through AsyncHTTPClient. A request has a deadline, its reply is read up to a limit, and a
/// cancelled task cancels the request.
public struct TicketService: Sendable {
    /// The server, as `http://host:port`.
    public var baseURL: String
    /// The longest wait for a whole answer. Default 5 s.
    public var timeout: Duration
    /// The largest reply read. Default 64 KiB.
    public var maximumReply: Int

    /// A client of the server at `baseURL`.
    public init(baseURL: String, timeout: Duration = .seconds(5), maximumReply: Int = 65_536) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maximumReply = maximumReply
    }

    /// Asks the server whether `code` is valid.
    /// - Throws: ``TicketCheckError`` naming what went wrong.
    public func check(_ code: String) async throws(TicketCheckError) -> TicketVerdict {
        var request = HTTPClientRequest(url: "\(baseURL)/tickets/check")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        let body: [UInt8]
        do { body = Array(try JSONEncoder().encode(["code": code])) } catch { throw .malformedReply }
        request.body = .bytes(ByteBuffer(bytes: body))
        let seconds = Int(timeout.components.seconds)
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(Int64(seconds)))
            guard response.status == .ok else { throw TicketCheckError.status(Int(response.status.code)) }
            let reply = try await response.body.collect(upTo: maximumReply)
            return try JSONDecoder().decode(TicketVerdict.self, from: Data(reply.readableBytesView))
        } catch let error as TicketCheckError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch is NIOTooManyBytesError {
            throw .replyTooLarge(limit: maximumReply)
        } catch is DecodingError {
            throw .malformedReply
        } catch let error as HTTPClientError {
            if Task.isCancelled || error == .cancelled { throw .cancelled }
            if error == .deadlineExceeded || error == .readTimeout { throw .timedOut(seconds: seconds) }
            if error == .connectTimeout { throw .unreachable("\(baseURL) did not accept a connection") }
            throw .unreachable("\(error)")
        } catch {
            if Task.isCancelled { throw .cancelled }
            let detail = "\(error)"
            throw .unreachable(detail.contains("refused") ? "\(baseURL) refused the connection" : detail)
        }
    }
}
