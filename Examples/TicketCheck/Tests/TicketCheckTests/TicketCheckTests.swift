import PanelKit
import PanelTestKit
import Testing
import TicketScreens

/// The kiosk's screen against a real HTTP server on loopback, started by each test.
@MainActor
@Suite("Ticket check against a real HTTP server")
struct TicketCheckTests {
    func screen(_ server: TicketServer, timeout: Duration = .seconds(5)) throws -> (TicketController, ScreenTester) {
        let controller = TicketController(service: TicketService(baseURL: server.url, timeout: timeout))
        let tester = try ScreenTester(size: Size(width: 800, height: 480))
        tester.window.rootViewController = controller
        tester.advance(by: .milliseconds(20))
        return (controller, tester)
    }

    /// Waits for the check to end, turning the screen's frames meanwhile.
    func finished(_ controller: TicketController, _ tester: ScreenTester, within seconds: Int = 10) async -> Bool {
        await eventually(within: seconds) {
            tester.advance(by: .milliseconds(20))
            return controller.checksFinished == 1
        }
    }

    @Test("a valid ticket, checked with the demo button, shows its holder and zone; the spinner turns until the answer")
    func validTicket() async throws {
        let server = try await TicketServer(.answersAfter(milliseconds: 200))
        let (controller, tester) = try screen(server)
        tester.tap(controller.demoButton)
        #expect(controller.spinner.isAnimating)
        #expect(!controller.checkButton.isEnabled)
        #expect(await finished(controller, tester))
        #expect(controller.verdict.text == "Welcome, Ada Lovelace · Zone B")
        #expect(!controller.spinner.isAnimating)
        #expect(controller.failureAlert == nil)
        try await server.stop()
    }

    @Test("a used ticket shows why it is not valid")
    func usedTicket() async throws {
        let server = try await TicketServer(.answers)
        let (controller, tester) = try screen(server)
        controller.check(" TK-2002\n")
        #expect(await finished(controller, tester))
        #expect(controller.verdict.text == "Not valid: already used")
        try await server.stop()
    }

    @Test("a server that never answers: after the timeout an alert says so")
    func neverAnswers() async throws {
        let server = try await TicketServer(.neverAnswers)
        let (controller, tester) = try screen(server, timeout: .seconds(1))
        controller.check("TK-1001")
        #expect(await finished(controller, tester))
        #expect(controller.failureAlert?.message == "The ticket server did not answer within 1 s. Try again, or call staff.")
        try await server.stop()
    }

    @Test("a 100 MB reply is read no further than the limit: an alert says it was too large")
    func hugeReply() async throws {
        let server = try await TicketServer(.hugeReply(bytes: 100 << 20))
        let (controller, tester) = try screen(server)
        controller.check("TK-1001")
        #expect(await finished(controller, tester))
        #expect(controller.failureAlert?.message == "The ticket server's reply was larger than 64 KiB, so it was not read. Call staff.")
        try await server.stop()
    }

    @Test("a server error: the alert names the HTTP status")
    func serverError() async throws {
        let server = try await TicketServer(.fails)
        let (controller, tester) = try screen(server)
        controller.check("TK-1001")
        #expect(await finished(controller, tester))
        #expect(controller.failureAlert?.message == "The ticket server answered with an error (HTTP 500). Try again, or call staff.")
        try await server.stop()
    }

    @Test("no server listening: the alert says it cannot be reached")
    func noServer() async throws {
        let server = try await TicketServer(.answers)
        try await server.stop()
        let (controller, tester) = try screen(server)
        controller.check("TK-1001")
        #expect(await finished(controller, tester))
        #expect(controller.failureAlert?.message?.hasPrefix("The ticket server cannot be reached") == true)
    }

    @Test("the request is cancelled when its screen goes away: no alert, and the server sees the connection close")
    func cancelledWhenScreenGoes() async throws {
        let server = try await TicketServer(.neverAnswers)
        let (controller, tester) = try screen(server)
        controller.check("TK-1001")
        #expect(await eventually { server.requests == 1 })
        tester.window.rootViewController = ViewController()
        tester.advance(by: .milliseconds(20))
        #expect(await eventually { controller.checksFinished == 1 })
        #expect(controller.failureAlert == nil)
        #expect(await eventually { server.closedEarly == 1 })
        try await server.stop()
    }
}
