import PanelKit
import Testing

@Suite("PanelApp options: code, then PANELKIT_BOARD, then the command line")
struct PanelAppOptionsTests {
    func none(_ name: String) -> String? { nil }

    @Test("PANELKIT_BOARD overrides the board the app names")
    func environmentOverridesCode() throws {
        let options = try PanelAppOptions(board: "mock").applying(arguments: [], environment: { $0 == "PANELKIT_BOARD" ? "mock-gt911" : nil })
        #expect(options?.board == "mock-gt911")
    }

    @Test("PANELKIT_APP_VERSION, which a package's unit sets, is the release the app reports; without it there is none")
    func appVersionFromEnvironment() throws {
        #expect(try PanelAppOptions().applying(arguments: [], environment: { $0 == "PANELKIT_APP_VERSION" ? "1.1.0" : nil })?.appVersion == "1.1.0")
        #expect(try PanelAppOptions().applying(arguments: [], environment: { _ in nil })?.appVersion == nil)
    }

    @Test("--board overrides PANELKIT_BOARD")
    func argumentOverridesEnvironment() throws {
        let options = try PanelAppOptions(board: "mock").applying(
            arguments: ["--board=boards/x.json"], environment: { $0 == "PANELKIT_BOARD" ? "mock-gt911" : nil })
        #expect(options?.board == "boards/x.json")
    }

    @Test("metrics are off by default, on loopback for a bare port, and on a given IPv4 address")
    func metricsAddress() throws {
        #expect(try PanelAppOptions().applying(arguments: [], environment: none)?.metrics == nil)
        #expect(try PanelAppOptions().applying(arguments: ["--metrics", "9464"], environment: none)?.metrics == .init(host: "127.0.0.1", port: 9464))
        let env = try PanelAppOptions().applying(arguments: [], environment: { $0 == "PANELKIT_METRICS" ? "0.0.0.0:9100" : nil })
        #expect(env?.metrics == .init(host: "0.0.0.0", port: 9100))
    }

    @Test("a metrics address that is no port or no IPv4 address is an arguments error")
    func badMetricsAddress() {
        for text in ["0", "70000", "localhost:9464", "1.2.3:80", "9464:"] {
            #expect(throws: PanelKitError.self, "\(text)") { _ = try PanelAppOptions().applying(arguments: ["--metrics", text], environment: none) }
        }
    }

    @Test("remote support is off by default, on loopback for a bare port, with its password file, view-only flag and TLS files")
    func remoteOptions() throws {
        #expect(try PanelAppOptions().applying(arguments: [], environment: none)?.remote == nil)
        let options = try PanelAppOptions().applying(
            arguments: ["--remote", "5900", "--remote-password-file", "/etc/p", "--remote-view-only", "--remote-certificate=/c.pem", "--remote-key", "/k.pem"],
            environment: none)
        #expect(options?.remote == .init(host: "127.0.0.1", port: 5900))
        #expect(options?.remotePasswordFile == "/etc/p" && options?.remoteViewOnly == true)
        #expect(options?.remoteCertificate == "/c.pem" && options?.remoteKey == "/k.pem")
    }

    @Test("a unit's PANELKIT_REMOTE variables turn remote support on as the options do")
    func remoteFromEnvironment() throws {
        let values = [
            "PANELKIT_REMOTE": "127.0.0.1:5901", "PANELKIT_REMOTE_PASSWORD_FILE": "/run/credentials/k/remote-password", "PANELKIT_REMOTE_VIEW_ONLY": "1",
        ]
        let options = try PanelAppOptions().applying(arguments: [], environment: { values[$0] })
        #expect(options?.remote == .init(host: "127.0.0.1", port: 5901))
        #expect(options?.remotePasswordFile == "/run/credentials/k/remote-password" && options?.remoteViewOnly == true)
    }

    @Test("a remote address that is no port or no IPv4 address is an arguments error")
    func badRemoteAddress() {
        for text in ["0", "70000", "localhost:5900", "::1:5900"] {
            #expect(throws: PanelKitError.self, "\(text)") { _ = try PanelAppOptions().applying(arguments: ["--remote", text], environment: none) }
        }
        #expect(throws: PanelKitError.self) { _ = try PanelAppOptions().applying(arguments: [], environment: { $0 == "PANELKIT_REMOTE" ? "x" : nil }) }
    }

    @Test("an unknown option is an arguments error that lists the options")
    func unknownOption() {
        #expect {
            _ = try PanelAppOptions().applying(arguments: ["--bored", "mock"], environment: none)
        } throws: { error in
            let e = error as? PanelKitError
            return e?.kind == .arguments && e?.description.contains("--board") == true
        }
    }

    @Test("an absurd --duration is refused with the range")
    func absurdDuration() {
        #expect(throws: PanelKitError.self) {
            _ = try PanelAppOptions().applying(arguments: ["--duration", "1e300"], environment: none)
        }
    }

    @Test("--help asks for the usage instead of running")
    func help() throws {
        #expect(try PanelAppOptions().applying(arguments: ["--help"], environment: none) == nil)
    }
}
