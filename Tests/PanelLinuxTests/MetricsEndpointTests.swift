#if os(Linux) && Metrics
import BenchScreens
import CPanelLinux
import Glibc
import PanelBench
import PanelCore
import PanelKit
import PanelPlatform
import PanelUI
import Testing
@testable import PanelLinux

/// One request to 127.0.0.1:`port` while `loop` turns; the whole response.
@MainActor
func request(_ text: String, port: UInt16, loop: AppLoop) throws -> String {
    let fd = panel_tcp_connect("127.0.0.1", port)
    guard fd >= 0 else { throw Failure("connect: errno \(-fd)") }
    defer { close(fd) }
    _ = text.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    for _ in 0 ..< 5 { loop.turn(timeout: .milliseconds(20)) }
    var response: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
        guard n > 0 else { break }
        response += chunk[0 ..< n]
    }
    return String(decoding: response, as: UTF8.self)
}

@Suite("Metrics endpoint: Prometheus text on loopback, read-only, malformed requests refused", .serialized)
@MainActor
struct MetricsEndpointTests {
    /// The exporter on a free port, and an app that then had one tap on a button.
    private func exporter() throws -> (MetricsExporter, AppLoop, Application) {
        let grid = ButtonGrid(count: 4, clock: SystemClock())
        let app = grid.application
        grid.buttons[0].addAction(.closure("tap") { _, _ in }, for: .touchUpInside)
        let loop = try AppLoop(queueSignal: nil, clock: SystemClock())
        let exporter = try MetricsExporter(
            address: .init(port: 0), board: "mock", application: app, platform: nil, watcher: loop.loop)
        let center = grid.center(of: 0)
        for phase in [TouchPhase.began, .ended] {
            var frame = TouchFrame(timestamp: SystemClock().now)
            _ = frame.append(Contact(trackID: 0, position: center, phase: phase, identity: 1))
            app.handle(frame)
        }
        return (exporter, loop, app)
    }

    @Test("a scrape of /metrics on loopback is Prometheus text with the touches and the tap's latency")
    func scrapeParses() throws {
        let (exporter, loop, _) = try exporter()
        let response = try request("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", port: exporter.endpoint.port, loop: loop)
        #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
        let body = response.split(separator: "\r\n\r\n", maxSplits: 1).last.map(String.init) ?? ""
        var values: [String: Double] = [:]
        for line in body.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            #expect(parts.count == 2, "\(line)")
            #expect(parts.first.map { $0.first?.isLetter == true } == true, "\(line)")
            values[String(parts[0])] = Double(parts[1])
            #expect(values[String(parts[0])] != nil, "\(line)")
        }
        #expect(values["panelkit_touches_total"] == 1)
        #expect(values["panelkit_touch_actions_total"] ?? 0 >= 1)
        #expect(values["panelkit_touch_to_action_seconds_count"] ?? 0 >= 1)
        #expect(values["panelkit_info{board=\"mock\"}"] == 1)
    }

    @Test("a malformed request gets 400 and a closed connection, and the next scrape is answered")
    func malformedRefused() throws {
        let (exporter, loop, _) = try exporter()
        let bad = try request("BLAH\r\n\r\n", port: exporter.endpoint.port, loop: loop)
        #expect(bad.hasPrefix("HTTP/1.1 400 "))
        #expect(exporter.endpoint.refused == 1)
        let good = try request("GET /metrics HTTP/1.0\r\n\r\n", port: exporter.endpoint.port, loop: loop)
        #expect(good.hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test("nothing but GET and HEAD is served: the endpoint is read-only")
    func readOnly() throws {
        let (exporter, loop, _) = try exporter()
        #expect(try request("POST /metrics HTTP/1.1\r\n\r\n", port: exporter.endpoint.port, loop: loop).hasPrefix("HTTP/1.1 405 "))
        #expect(try request("GET /press HTTP/1.1\r\n\r\n", port: exporter.endpoint.port, loop: loop).hasPrefix("HTTP/1.1 404 "))
    }

    @Test("a port in use is one clear error naming it")
    func portInUse() throws {
        let (exporter, loop, _) = try exporter()
        #expect(throws: HTTPEndpointError.addressInUse(host: "127.0.0.1", port: exporter.endpoint.port)) {
            _ = try HTTPEndpoint(runLoop: loop.loop, port: exporter.endpoint.port) { _ in nil }
        }
    }

    @Test("request lines that are not GET or HEAD of a printable path in HTTP/1.x are refused")
    func requestLineParser() {
        func parse(_ text: String) -> Result<HTTPRequestLine, HTTPRequestLine.Problem> { HTTPRequestLine.parse(Array(text.utf8)) }
        #expect((try? parse("GET /metrics?x=1 HTTP/1.1\r\n\r\n").get())?.path == "/metrics")
        #expect(parse("GET  /metrics HTTP/1.1\r\n") == .failure(.malformed))
        #expect(parse("GET metrics HTTP/1.1\r\n") == .failure(.path))
        #expect(parse("GET /metrics HTTP/2\r\n") == .failure(.version))
        #expect(parse("DELETE / HTTP/1.1\r\n") == .failure(.method))
        #expect(parse("GET /\u{7F} HTTP/1.1\r\n") == .failure(.path))
        #expect(parse("GET / HTTP/1.1") == .failure(.malformed))
    }
}
#endif
