#if os(Linux) && DEBUG
import Glibc
import PanelPlatform
import Testing
@testable import PanelLinux

/// The calls of the backlight, the uinput device, the diagnostics socket, the HTTP endpoint and
/// device discovery go through `Syscall`, so the mock answers them and their error paths are
/// tested without a device that fails on demand.
@Suite("Every PanelLinux system call goes through Syscall, where the mock reaches it")
struct SyscallCoverageTests {
    @Test("a backlight whose brightness exists but is not writable is a permission error, decided by the mocked access(2)")
    func backlightAccess() throws {
        var template = Array("/tmp/panelkit-backlight-XXXXXX".utf8CString)
        let dir = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
        for (file, text) in [("max_brightness", "255\n"), ("brightness", "200\n")] {
            let fd = open("\(dir)/\(file)", O_WRONLY | O_CREAT, 0o644)
            _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
            close(fd)
        }
        let driver = MockingDriver { call in call.kind == .access && call.value == UInt(W_OK) ? .failure(Errno(rawValue: EACCES)) : nil }
        MockingDriver.$current.withValue(driver) {
            #expect(throws: BacklightError.permissionDenied(path: "\(dir)/brightness")) { try SysfsBacklight(directory: dir) }
        }
        #expect(driver.trace.contains { $0.kind == .access })
    }

    @Test("device discovery lists directories through the mock: an unreadable /dev/input finds no devices")
    func discovery() {
        let driver = MockingDriver { call in call.kind == .opendir ? .failure(Errno(rawValue: EACCES)) : nil }
        MockingDriver.$current.withValue(driver) {
            #expect(EvdevTouchSource.devices().isEmpty)
            #expect(SysfsBacklight.discover() == nil)
        }
    }

    @Test("no access to /dev/uinput is a typed error carrying the errno")
    func uinputOpen() {
        let driver = MockingDriver { call in call.kind == .open ? .failure(Errno(rawValue: EACCES)) : nil }
        MockingDriver.$current.withValue(driver) {
            #expect(throws: UInputError.cannotOpen(errno: EACCES)) { try UInputTouchscreen(name: "mocked") }
        }
    }

    @Test("a diagnostics socket that refuses the connection means no app is running there")
    func diagnosticsConnect() {
        let driver = MockingDriver { call in call.kind == .connect ? .failure(Errno(rawValue: ECONNREFUSED)) : nil }
        MockingDriver.$current.withValue(driver) {
            #expect(throws: DiagnosticsClient.Failure.noApp(path: "/run/panel/diagnostics.sock", errno: ECONNREFUSED)) {
                try DiagnosticsClient.get("/status", from: "/run/panel/diagnostics.sock")
            }
        }
    }

    @Test("a metrics port in use is named, from the mocked listen")
    @MainActor
    func endpointListen() throws {
        let runLoop = try LinuxRunLoop(queueSignal: WakeSignal(), clock: SystemClock())
        let driver = MockingDriver { call in call.kind == .listen ? .failure(Errno(rawValue: EADDRINUSE)) : nil }
        MockingDriver.$current.withValue(driver) {
            #expect(throws: HTTPEndpointError.addressInUse(host: "127.0.0.1", port: 9100)) {
                try HTTPEndpoint(runLoop: runLoop, port: 9100) { _ in nil }
            }
        }
    }
}
#endif
