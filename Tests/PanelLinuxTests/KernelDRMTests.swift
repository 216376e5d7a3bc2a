#if os(Linux)
import Glibc
import PanelPlatform
import Testing
import CDRM
import CPanelLinux
import PanelCore
import PanelGraphics
@testable import PanelLinux

/// The DRM card of the testbed's bochs display (run with `--display bochs`).
private let card = "/dev/dri/card0"
private var hasCard: Bool { Testbed.isAvailable && access(card, F_OK) == 0 }

/// A second client of the card (not master unless it opened first), to look at the CRTC as
/// the kernel has it.
private final class Observer {
    let fd: Int32
    init() throws {
        fd = open(card, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw Failure("open \(card): errno \(errno)") }
    }
    deinit { close(fd) }
    /// The framebuffer the CRTC scans out now.
    func scannedOut(_ crtc: UInt32) -> UInt32 {
        guard let c = drmModeGetCrtc(fd, crtc) else { return 0 }
        defer { drmModeFreeCrtc(c) }
        return c.pointee.buffer_id
    }
    func dropMaster() { _ = drmDropMaster(fd) }
}

/// Fills `rect` with `color` in the back buffer and presents just that rectangle.
private func draw(_ rect: PixelRect, _ color: Color, on display: DRMFramebuffer) throws {
    display.withBackBuffer { pixels in
        var canvas = Canvas(pixels)
        canvas.fill(rect, color: color)
    }
    var region = DirtyRegion(bounds: display.geometry.bounds)
    region.add(rect)
    try display.present(region)
}

/// A whole-screen region.
private func everything(_ framebuffer: DRMFramebuffer) -> DirtyRegion {
    var region = DirtyRegion(bounds: framebuffer.geometry.bounds)
    region.add(framebuffer.geometry.bounds)
    return region
}

@Suite("KernelDRM: the DRM/KMS display on the testbed's bochs card", .enabled(if: hasCard), .serialized)
struct KernelDRMTests {
    @Test("the card's connected connector and preferred mode are chosen, and a presented frame is what the CRTC scans out")
    func presentedFrameIsScannedOut() throws {
        let observer = try Observer()
        observer.dropMaster()
        let display = try DRMFramebuffer(path: card)
        #expect(display.geometry.width == 800 && display.geometry.height == 480)
        #expect(display.output.connector.connected)
        try draw(PixelRect(x: 100, y: 100, width: 50, height: 50), .red, on: display)
        let pixel = display.withFrontBuffer { $0.color(x: 120, y: 120) }
        #expect(pixel == .red)
        #expect(observer.scannedOut(display.output.crtc) == display.frontFramebufferID)
    }

    @Test("a screenshot of the card reads what its CRTC scans out, without taking the display")
    func scanoutCapture() throws {
        let observer = try Observer()
        observer.dropMaster()
        let display = try DRMFramebuffer(path: card)
        try draw(PixelRect(x: 200, y: 40, width: 30, height: 30), .blue, on: display)
        _ = display.withFrontBuffer { _ in 0 }  // the flip is done
        let image = try DRMScanout.capture(path: card)
        #expect(image.width == 800 && image.height == 480)
        #expect(image.color(x: 210, y: 50) == .blue)
        #expect(image.color(x: 5, y: 5) == .black)
    }

    @Test("each present flips once: the CRTC alternates between the two buffers and every flip's event is seen")
    func presentsFlip() throws {
        let observer = try Observer()
        observer.dropMaster()
        let display = try DRMFramebuffer(path: card)
        try #require(display.mode == .pageFlipping)
        var seen: Set<UInt32> = []
        for i in 0 ..< 10 {
            try draw(PixelRect(x: i * 10, y: 0, width: 10, height: 10), .white, on: display)
            _ = display.withFrontBuffer { _ in 0 }  // waits for the flip
            seen.insert(observer.scannedOut(display.output.crtc))
        }
        #expect(display.flipCount == 10)
        #expect(seen.count == 2)
        // Both buffers hold every square: the one drawn last and those copied after each flip.
        display.withBackBuffer { back in
            #expect((0 ..< 10).allSatisfy { back.color(x: $0 * 10 + 5, y: 5) == .white })
        }
    }

    @Test("a completed flip carries the kernel's time of its vertical blank, after the present and not after now")
    func flipTimestamped() throws {
        let display = try DRMFramebuffer(path: card)
        try draw(PixelRect(x: 0, y: 0, width: 10, height: 10), .white, on: display)
        let presented = try #require(display.lastPresentTime)
        display.waitForFlip()
        let flip = try #require(display.lastFlip)
        #expect(flip.time >= presented)
        #expect(flip.time <= SystemClock().now)
    }

    @Test("closing puts back the framebuffer the CRTC scanned out before")
    func closingRestores() throws {
        let observer = try Observer()
        observer.dropMaster()
        var crtc: UInt32 = 0
        let before: UInt32
        do {
            let display = try DRMFramebuffer(path: card)
            crtc = display.output.crtc
            try display.present(everything(display))
            #expect(observer.scannedOut(crtc) == display.frontFramebufferID)
            before = display.previousFramebufferID
        }
        #expect(before != 0)
        #expect(observer.scannedOut(crtc) == before)
    }

    @Test("while another client is DRM master, opening says so and how to fix it")
    func anotherMasterIsAnError() throws {
        let master = try Observer()  // opened first with no master: it becomes master
        _ = drmSetMaster(master.fd)
        #expect {
            _ = try DRMFramebuffer(path: card)
        } throws: { error in
            guard let error = error as? DRMError, case .notMaster = error else { return false }
            return error.description.contains("systemctl stop")
        }
        master.dropMaster()
    }

    @Test("the display turns off and on through the connector's DPMS, and a frame presented while off shows when it is back")
    func dpmsOffAndOn() throws {
        let observer = try Observer()
        observer.dropMaster()
        let display = try DRMFramebuffer(path: card)
        try display.setDisplayPower(on: false)
        #expect(display.dpms == UInt64(DRM_MODE_DPMS_OFF))
        try draw(PixelRect(x: 0, y: 0, width: 20, height: 20), .green, on: display)
        try display.setDisplayPower(on: true)
        #expect(display.dpms == UInt64(DRM_MODE_DPMS_ON))
        #expect(display.withFrontBuffer { $0.color(x: 10, y: 10) } == .green)
        #expect(observer.scannedOut(display.output.crtc) == display.frontFramebufferID)
    }

    @MainActor
    @Test("a VT switch away gives DRM master up so another program can take the display, and the switch back shows the app again")
    func vtSwitchReleasesAndReacquires() throws {
        let console = open("/dev/tty0", O_RDWR | O_NOCTTY)
        try #require(console >= 0, "no /dev/tty0: errno \(errno)")
        defer { close(console) }
        func activate(_ vt: Int) { _ = panel_ioctl_value(console, panel_vt_activate, UInt(vt)) }
        activate(1)
        _ = panel_ioctl_value(console, panel_vt_waitactive, 1)

        let observer = try Observer()
        observer.dropMaster()
        let display = try DRMFramebuffer(path: card)
        try draw(PixelRect(x: 0, y: 0, width: 40, height: 40), .red, on: display)
        let loop = try LinuxRunLoop(queueSignal: nil, clock: SystemClock())
        let terminal = try VirtualTerminal(path: "/dev/tty1")
        try terminal.start(on: loop, onRelease: { display.releaseDisplay() }, onAcquire: { try? display.acquireDisplay() })
        defer { terminal.stop(runLoop: loop) }

        activate(2)
        for _ in 0 ..< 50 where terminal.releases == 0 { loop.wait(until: nil, timeout: .milliseconds(100)) }
        #expect(terminal.releases == 1)
        #expect(!display.isMaster)
        _ = panel_ioctl_value(console, panel_vt_waitactive, 2)
        #expect(drmSetMaster(observer.fd) == 0, "another client can take the display while the app's VT is away")
        // Frames drawn meanwhile are kept.
        try draw(PixelRect(x: 40, y: 0, width: 40, height: 40), .green, on: display)
        observer.dropMaster()

        activate(1)
        for _ in 0 ..< 50 where terminal.acquisitions == 0 { loop.wait(until: nil, timeout: .milliseconds(100)) }
        #expect(terminal.acquisitions == 1)
        #expect(display.isMaster)
        #expect(observer.scannedOut(display.output.crtc) == display.frontFramebufferID)
        #expect(display.withFrontBuffer { $0.color(x: 50, y: 10) } == .green)
    }

    @Test("a mode the connector lacks is an error listing the modes it has")
    func unknownModeListsModes() throws {
        #expect {
            _ = try DRMFramebuffer(path: card, mode: "1234x567")
        } throws: { error in
            guard let error = error as? DRMError, case .modeNotFound(_, _, _, let available) = error else { return false }
            return available.contains { $0.hasPrefix("800x480") }
        }
    }

    @Test("a connector the card lacks is an error naming the ones it has")
    func unknownConnectorListsConnectors() throws {
        #expect {
            _ = try DRMFramebuffer(path: card, connector: "HDMI-A-9")
        } throws: { error in
            guard let error = error as? DRMError, case .connectorNotFound(_, _, let connectors) = error else { return false }
            return !connectors.isEmpty
        }
    }

    @Test("the card's primary plane is found on the display's CRTC")
    func primaryPlaneFound() throws {
        let display = try DRMFramebuffer(path: card)
        #expect(display.primaryPlane() != nil)
    }

    @Test("a plane that lists no rotation leaves a half turn to software")
    func noPlaneRotationMeansSoftware() throws {
        let display = try DRMFramebuffer(path: card)
        #expect(display.planeRotationValue == nil)
        #expect(!display.rotateInHardware(.degrees180))
    }
}
#endif
