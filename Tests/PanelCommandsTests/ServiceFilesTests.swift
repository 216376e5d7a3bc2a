import ArgumentParser
import PanelBoards
import PanelControllers
import PanelKit
import Testing

@testable import PanelCommands

@Suite("Service files: the kiosk unit and udev rules open exactly the board's devices")
struct ServiceFilesTests {
    private func board(
        _ extra: String = "",
        touch: String =
            "{\"compatible\": \"focaltech,ft6236\", \"bus\": \"/dev/i2c-1\", \"touchscreen-size-x\": 320, \"touchscreen-size-y\": 240, \"interrupt\": {\"chip\": \"gpiochip0\", \"line\": 27}}",
        display: String = "{\"device\": \"/dev/fb1\", \"width\": 320, \"height\": 240}"
    ) throws -> Board {
        try Board(json: "{\"model\": \"x\", \"touch\": \(touch), \"display\": \(display)\(extra)}", path: "x.json", name: "x", controllers: .standard)
    }

    @Test("an I2C board's unit allows its bus, its GPIO chip and its framebuffer, with every other device closed")
    func i2cBoardDevices() throws {
        let unit = ServiceFiles(board: try board(), exec: "/usr/local/bin/kiosk", user: "pi").unit
        #expect(unit.contains("DevicePolicy=closed"))
        let allows = unit.split(separator: "\n").filter { $0.hasPrefix("DeviceAllow=") }
        #expect(allows == ["DeviceAllow=/dev/i2c-1 rw", "DeviceAllow=/dev/gpiochip0 rw", "DeviceAllow=/dev/fb1 rw"])
    }

    @Test("the unit is Type=notify with a watchdog, runs the given app, and has no network")
    func notifyAndSandbox() throws {
        let unit = ServiceFiles(board: try board(), exec: "/usr/local/bin/kiosk --board x", user: "kiosk").unit
        for line in [
            "Type=notify", "WatchdogSec=10", "ExecStart=/usr/local/bin/kiosk --board x", "User=kiosk", "PrivateNetwork=yes", "RestrictAddressFamilies=AF_UNIX",
            "ProtectSystem=strict",
        ] {
            #expect(unit.contains("\n\(line)\n"), "\(line)")
        }
        #expect(!unit.contains("udev-settle"))
    }

    @Test("a packaged unit keeps state in its StateDirectory, marks a ready release, starts the rollback on failure and carries the version")
    func packagedUnit() throws {
        var files = ServiceFiles(board: try board(), exec: "/usr/bin/doorkeypad --board x", user: "panelkit")
        files.boardsDirectory = "/usr/share/doorkeypad/boards"
        files.stateDirectory = "doorkeypad"
        files.onFailure = "doorkeypad-rollback.service"
        files.readyCommand = "/usr/lib/doorkeypad/ready"
        files.appVersion = "1.1.0"
        files.startTimeoutSeconds = 30
        let unit = files.unit
        for line in [
            "OnFailure=doorkeypad-rollback.service", "StartLimitBurst=5", "Environment=PANELKIT_BOARDS=/usr/share/doorkeypad/boards",
            "StateDirectory=doorkeypad", "Environment=PANELKIT_CONFIG_DIR=/var/lib/doorkeypad", "ExecStartPost=/usr/lib/doorkeypad/ready",
            "TimeoutStartSec=30", "Environment=PANELKIT_APP_VERSION=1.1.0",
        ] {
            #expect(unit.contains("\n\(line)\n"), "\(line)")
        }
        #expect(unit.firstRange(of: "OnFailure=")!.lowerBound < unit.firstRange(of: "[Service]")!.lowerBound)
    }

    @Test("remote support hands the password over as a credential and opens IPv4 to localhost and the allowed peers only")
    func remoteSupportUnit() throws {
        var files = ServiceFiles(board: try board(), exec: "/a", user: "pi")
        files.remote = ServiceFiles.Remote(
            port: 5900, address: "192.168.1.20", allow: ["192.168.1.0/24"], passwordFile: "/etc/panelkit/remote-password",
            certificate: "/etc/panelkit/r.pem", key: "/etc/panelkit/r.key", viewOnly: true)
        let lines = files.unit.split(separator: "\n").map(String.init)
        for line in [
            "LoadCredential=remote-password:/etc/panelkit/remote-password", "Environment=PANELKIT_REMOTE=192.168.1.20:5900",
            "Environment=PANELKIT_REMOTE_PASSWORD_FILE=%d/remote-password", "LoadCredential=remote-certificate:/etc/panelkit/r.pem",
            "Environment=PANELKIT_REMOTE_VIEW_ONLY=1", "PrivateNetwork=no", "IPAddressDeny=any", "IPAddressAllow=localhost 192.168.1.0/24",
            "RestrictAddressFamilies=AF_UNIX AF_INET",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
    }

    @Test("without remote support or metrics the unit has no network and names no remote credential")
    func noRemoteNoNetwork() throws {
        let unit = ServiceFiles(board: try board(), exec: "/a", user: "pi").unit
        #expect(unit.contains("PrivateNetwork=yes") && !unit.contains("LoadCredential") && !unit.contains("PANELKIT_REMOTE"))
    }

    @Test("a state directory given as a path, or a version with a space, is refused")
    func packagedUnitBadInput() {
        #expect(throws: (any Error).self) {
            _ = try Service.Unit.parse(["--board", "mock", "--exec", "/usr/bin/x", "--state-directory", "/var/lib/x"])
        }
        #expect(throws: (any Error).self) {
            _ = try Service.Unit.parse(["--board", "mock", "--exec", "/usr/bin/x", "--app-version", "1.0 beta"])
        }
    }

    @Test("an evdev board's udev rules match its input devices by name, not every input device")
    func evdevRulesByName() throws {
        let rules = ServiceFiles(
            board: try board(
                touch: "{\"compatible\": \"linux,evdev\", \"device-name\": \"ft5x06\"}", display: "{\"device\": \"drm\", \"width\": 800, \"height\": 480}"),
            exec: "", user: ""
        ).udevRules
        #expect(rules.contains("KERNEL==\"event*\", ATTRS{name}==\"*ft5x06*\""))
        #expect(!rules.split(separator: "\n").contains { $0.contains("KERNEL==\"event*\"") && !$0.contains("ATTRS") })
    }

    @Test("a DRM board's unit runs on tty1 as its controlling terminal, instead of a getty there, and keeps its output in the journal")
    func drmBoardTakesTheVT() throws {
        let unit = ServiceFiles(board: try board(display: "{\"device\": \"drm\", \"width\": 800, \"height\": 480}"), exec: "/a", user: "pi").unit
        for line in [
            "Conflicts=getty@tty1.service", "After=getty@tty1.service", "TTYPath=/dev/tty1", "StandardInput=tty-fail", "TTYReset=yes", "TTYVHangup=yes",
            "TTYVTDisallocate=yes", "StandardOutput=journal", "StandardError=journal",
        ] {
            #expect(unit.contains("\n\(line)\n"), "\(line)")
        }
    }

    @Test("a framebuffer board's unit takes no terminal")
    func framebufferBoardTakesNoTerminal() throws {
        let unit = ServiceFiles(board: try board(), exec: "/a", user: "pi").unit
        #expect(!unit.contains("TTYPath="))
        #expect(!unit.contains("getty"))
    }

    @Test("a backlight makes its two files writable, and nothing else under /sys")
    func backlightWritable() throws {
        let files = ServiceFiles(board: try board(", \"power\": {\"backlight\": \"auto\", \"dim-after\": 60}"), exec: "/a", user: "pi")
        #expect(files.unit.contains("ReadWritePaths=/sys/devices"))
        #expect(files.udevRules.contains("chmod g+w /sys%p/brightness /sys%p/bl_power"))
    }
}

@Suite("panelctl demo as the kiosk unit's app")
struct DemoServiceEnvironmentTests {
    @Test("the demo takes the unit's environment: PANELKIT_METRICS serves metrics, RUNTIME_DIRECTORY holds the diagnostics socket")
    func demoTakesServiceEnvironment() throws {
        let demo = try Demo.parse(["--board", "mock"])
        let environment = ["PANELKIT_METRICS": "127.0.0.1:9464", "RUNTIME_DIRECTORY": "/run/panelkit", "PANELKIT_BOARD": "mock-gt911"]
        let options = try demo.appOptions(environment: { environment[$0] })
        #expect(options.metrics == .init(host: "127.0.0.1", port: 9464))
        #expect(options.diagnosticsSocket == "/run/panelkit/diagnostics.sock")
        #expect(options.board == "mock")
    }

    @Test("a malformed PANELKIT_METRICS in the unit is an error naming the variable")
    func demoRejectsBadMetricsAddress() throws {
        let demo = try Demo.parse(["--board", "mock"])
        #expect(throws: PanelKitError.self) { try demo.appOptions(environment: { $0 == "PANELKIT_METRICS" ? "nine" : nil }) }
    }
}

@Suite("panelctl simulate with a unit's environment")
struct SimulateEnvironmentTests {
    @Test("the simulator takes PANELKIT_REMOTE and its password file, and keeps its own board")
    func simulateTakesRemote() throws {
        let simulate = try Simulate.parse(["--board", "mock"])
        let environment = ["PANELKIT_REMOTE": "127.0.0.1:5901", "PANELKIT_REMOTE_PASSWORD_FILE": "/tmp/p", "PANELKIT_BOARD": "mock-gt911"]
        let options = try simulate.appOptions(environment: { environment[$0] })
        #expect(options.remote == .init(host: "127.0.0.1", port: 5901))
        #expect(options.remotePasswordFile == "/tmp/p")
        #expect(options.board == "mock" && options.platform == .simulator)
    }

    @Test("a malformed PANELKIT_REMOTE is an error naming the variable, not remote support silently off")
    func simulateRejectsBadRemote() throws {
        let simulate = try Simulate.parse(["--board", "mock"])
        #expect {
            try simulate.appOptions(environment: { $0 == "PANELKIT_REMOTE" ? "everywhere" : nil })
        } throws: { error in
            "\(error)".contains("PANELKIT_REMOTE=everywhere")
        }
    }
}
