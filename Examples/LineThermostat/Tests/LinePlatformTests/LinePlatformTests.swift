import Glibc
import LinePlatform
import PanelKit
import PanelPlatform
import Testing
import ThermostatScreen

/// A pipe whose read end the platform takes; the lines are written before the run.
private func input(_ lines: [String]) -> Int32 {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    let text = lines.joined(separator: "\n") + "\n"
    _ = text.utf8CString.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count - 1) }
    close(ends[1])
    return ends[0]
}

private func temporaryDirectory() -> String {
    var template = Array("/tmp/line-platform-XXXXXX".utf8CString)
    return String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
}

@MainActor
@Suite("A platform written outside PanelKit runs an unmodified app")
struct LinePlatformTests {
    @Test("the thermostat's slider, dragged by touches from a pipe, moves its setpoint, and its frames reach the platform's display")
    func dragTheSetpoint() throws {
        let output = temporaryDirectory()
        let thermostat = ThermostatController()
        var made: LinePlatform?
        let runtime = try PanelRuntime(
            options: PanelAppOptions(board: "mock"),
            platform: PlatformFactory(name: "line") { context throws(PanelKitError) in
                // The thumb where the thermostat lays it out on the 800×480 mock, dragged right.
                let platform = try LinePlatform(
                    width: context.board.display.width, height: context.board.display.height,
                    input: input(["down 373 244", "move 450 244", "move 530 244", "up", "wait 200", "shot after", "quit"]),
                    screenshotDirectory: output)
                made = platform
                return platform
            })
        runtime.window.rootViewController = thermostat
        let report = try runtime.run()
        let platform = try #require(made)
        #expect(thermostat.setpoint > 23, "the setpoint is \(thermostat.setpoint)")
        #expect(platform.display.presented > 1)
        #expect(platform.screenshots == ["after"])
        #expect(access("\(output)/after.png", R_OK) == 0)
        #expect(report.statistics.reports == 4)
        #expect(platform.inputStatistics.errors == 0)
    }

    @Test("a line the platform cannot read is counted as an input error that names it, and the app runs on")
    func malformedLine() throws {
        let thermostat = ThermostatController()
        var made: LinePlatform?
        let runtime = try PanelRuntime(
            options: PanelAppOptions(board: "mock"),
            platform: PlatformFactory(name: "line") { context throws(PanelKitError) in
                let platform = try LinePlatform(
                    width: context.board.display.width, height: context.board.display.height, input: input(["down 10 nowhere", "jump", "quit"]))
                made = platform
                return platform
            })
        runtime.window.rootViewController = thermostat
        _ = try runtime.run()
        let statistics = try #require(made).inputStatistics
        #expect(statistics.errors == 2)
        #expect("\(statistics.lastError.map { "\($0)" } ?? "")".contains("line 2: \"jump\""))
    }

    @Test("a platform whose input is not open stops the start with an error naming the platform")
    func closedInput() throws {
        let runtime = try PanelRuntime(
            options: PanelAppOptions(board: "mock"),
            platform: PlatformFactory(name: "line") { context throws(PanelKitError) in try LinePlatform(width: 800, height: 480, input: 1_000) })
        do {
            _ = try runtime.run()
            Issue.record("a platform without input started")
        } catch {
            #expect(error.kind == .touch)
            #expect(error.description.contains("lines: descriptor 1000 is not open"))
        }
    }
}
