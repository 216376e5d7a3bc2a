import PanelBoards
import PanelCore
import PanelKit
import Testing

@Suite("Choosing the platform: --simulator, --headless and --scale")
struct PlatformOptionTests {
    func none(_ name: String) -> String? { nil }

    @Test("--simulator chooses the simulator")
    func simulatorFlag() throws {
        #expect(try PanelAppOptions().applying(arguments: ["--simulator"], environment: none)?.platform == .simulator)
    }

    @Test("--headless chooses the headless platform")
    func headlessFlag() throws {
        #expect(try PanelAppOptions().applying(arguments: ["--headless"], environment: none)?.platform == .headless)
    }

    @Test("without either flag the platform is left to the board")
    func noFlagLeavesItToTheBoard() throws {
        #expect(try PanelAppOptions().applying(arguments: [], environment: none)?.platform == nil)
    }

    @Test("--simulator with --headless is an arguments error")
    func bothFlagsConflict() {
        #expect {
            _ = try PanelAppOptions().applying(arguments: ["--simulator", "--headless"], environment: none)
        } throws: { error in
            (error as? PanelKitError)?.kind == .arguments
        }
    }

    @Test("--scale takes 1 or 2", arguments: ["1", "2"])
    func scaleOneOrTwo(value: String) throws {
        #expect(try PanelAppOptions().applying(arguments: ["--scale", value], environment: none)?.scale == Int(value))
    }

    @Test("--scale of anything but 1 or 2 is an arguments error naming the choices", arguments: ["0", "3", "-1", "1.5", "x"])
    func scaleOutOfRange(value: String) {
        #expect {
            _ = try PanelAppOptions().applying(arguments: ["--scale", value], environment: none)
        } throws: { error in
            let e = error as? PanelKitError
            return e?.kind == .arguments && e?.description.contains("1 or 2") == true
        }
    }
}

@Suite("The runtime's platform: headless for mock boards, the board's emulated twin with --headless")
@MainActor
struct PlatformChoiceTests {
    @Test("a mock board runs headless by default")
    func mockBoardIsHeadless() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"))
        #expect(runtime.platform.name == "headless" && runtime.platform is HeadlessPlatform)
    }

    @Test("--headless runs a real I2C board on its emulated controller, at its panel's size and rotation")
    func headlessRealBoardRunsItsTwin() throws {
        var options = PanelAppOptions(board: "pimoroni-hyperpixel4")
        options.platform = .headless
        let runtime = try PanelRuntime(options: options)
        #expect(runtime.platform.name == "headless" && runtime.platform is HeadlessPlatform)
        #expect(runtime.framebuffer.geometry.width == runtime.board.display.width)
        #expect(runtime.window.bounds.size == runtime.board.display.uiSize)
    }

    @Test("a scripted tap reaches its view on the emulated twin of an evdev board")
    func headlessEvdevBoardTakesTaps() throws {
        var options = PanelAppOptions(board: "raspberrypi-official-7inch")
        options.platform = .headless
        let runtime = try PanelRuntime(options: options)
        let screen = OneButton(in: runtime.window)
        try runtime.run(session: ScriptedSession(firstScreenshot: nil, lastScreenshot: nil) { script in script.tap(screen.button, at: 100) })
        #expect(screen.taps == 1)
    }

    @Test("asking for the Linux platform on a mock board is an arguments error naming --simulator")
    func linuxOnAMockBoardIsRefused() {
        var options = PanelAppOptions(board: "mock")
        options.platform = .linux
        #expect {
            _ = try PanelRuntime(options: options)
        } throws: { error in
            let e = error as? PanelKitError
            return e?.kind == .arguments && e?.description.contains("--simulator") == true
        }
    }

    @Test("PanelKit's headless factory, passed as an app passes its own, runs a real board's emulated twin")
    func headlessFactoryPassedByTheApp() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "pimoroni-hyperpixel4"), platform: .headless)
        #expect((runtime.platform as? HeadlessPlatform)?.bench.board.name == "pimoroni-hyperpixel4")
    }

    @Test("the headless factory's work timeout is the platform's")
    func headlessFactoryWorkTimeout() throws {
        let runtime = try PanelRuntime(options: PanelAppOptions(board: "mock"), platform: .headless(workTimeout: .milliseconds(250)))
        #expect((runtime.platform as? HeadlessPlatform)?.workTimeout == .milliseconds(250))
    }

    @Test("a factory given to the runtime goes before the command line's --simulator")
    func givenFactoryBeatsTheOption() throws {
        var options = PanelAppOptions(board: "mock")
        options.platform = .simulator
        let runtime = try PanelRuntime(options: options, platform: .headless)
        #expect(runtime.platform.name == "headless")
    }
}
