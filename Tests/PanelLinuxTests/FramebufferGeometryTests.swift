import Glibc
import PanelGraphics
import PanelLinux
import Testing

/// Reads a recorded fixture.
func fixture(_ name: String) -> [UInt8] {
    let file = #filePath
    let directory = String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures/"
    guard let handle = fopen(directory + name, "rb") else { fatalError("missing fixture \(name)") }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
        let n = fread(&buffer, 1, buffer.count, handle)
        if n == 0 { break }
        bytes += buffer[0 ..< n]
    }
    return bytes
}

func setUInt32(_ bytes: inout [UInt8], word index: Int, _ value: UInt32) {
    bytes.withUnsafeMutableBytes { $0.storeBytes(of: value, toByteOffset: index * 4, as: UInt32.self) }
}

func setUInt32(_ bytes: inout [UInt8], byteOffset: Int, _ value: UInt32) {
    bytes.withUnsafeMutableBytes { $0.storeBytes(of: value, toByteOffset: byteOffset, as: UInt32.self) }
}

func layout(_ variable: [UInt8], _ fixed: [UInt8]) throws -> FramebufferLayout {
    try FramebufferLayout(
        variable: FramebufferVariableScreenInfo(bytes: variable), fixed: FramebufferFixedScreenInfo(bytes: fixed),
        path: "/dev/fb0")
}

@Suite struct FramebufferGeometryTests {
    @Test("the kernel's vfb screen info gives 800×480, stride 3200, red in the low byte, shadow buffering")
    func recordedVFB() throws {
        let l = try layout(fixture("vfb-800x480-32.var"), fixture("vfb-800x480-32.fix"))
        #expect(l.geometry == FramebufferGeometry(width: 800, height: 480, strideBytes: 3200, format: .abgr8888))
        #expect(l.driver == "Virtual FB")
        #expect(!l.canPageFlip)
        #expect(l.mappedLength == 1_536_000)
        let small = try layout(fixture("vfb-320x240.var"), fixture("vfb-320x240.fix"))
        #expect(small.geometry.strideBytes == 1280 && small.geometry.width == 320)
    }

    @Test("the bochs DRM fbdev emulation is XRGB8888 and cannot flip without a taller virtual screen")
    func recordedBochs() throws {
        let l = try layout(fixture("bochs-800x480-32.var"), fixture("bochs-800x480-32.fix"))
        #expect(l.geometry.format == .xrgb8888)
        #expect(l.driver == "bochs-drmdrmfb")
        #expect(!l.canPageFlip)
    }

    @Test("a virtual height of two screens with vertical panning allows page flipping")
    func pageFlipping() throws {
        var variable = fixture("bochs-800x480-32.var")
        var fixed = fixture("bochs-800x480-32.fix")
        setUInt32(&variable, word: 3, 960)
        setUInt32(&fixed, byteOffset: 24, 3200 * 960)
        #expect(try layout(variable, fixed).canPageFlip)
        // ypanstep 0: the driver cannot pan.
        fixed.withUnsafeMutableBytes { $0.storeBytes(of: UInt16(0), toByteOffset: 42, as: UInt16.self) }
        #expect(try !layout(variable, fixed).canPageFlip)
    }

    @Test("a 16-bit mode with a padded line length gives RGB565 with the driver's stride")
    func rgb565WithPaddedStride() throws {
        var variable = fixture("vfb-320x240.var")
        var fixed = fixture("vfb-320x240.fix")
        setUInt32(&variable, word: 6, 16)
        for (i, v) in [11, 5, 0, 5, 6, 0, 0, 5, 0, 0, 0, 0].enumerated() { setUInt32(&variable, word: 8 + i, UInt32(v)) }
        setUInt32(&fixed, byteOffset: 48, 656)
        let l = try layout(variable, fixed)
        #expect(l.geometry == FramebufferGeometry(width: 320, height: 240, strideBytes: 656, format: .rgb565))
    }

    @Test("unsupported depths, palette visuals and short strides are refused with the reason")
    func refusals() throws {
        var variable = fixture("vfb-320x240.var")
        let fixed = fixture("vfb-320x240.fix")
        setUInt32(&variable, word: 6, 24)
        #expect {
            try layout(variable, fixed)
        } throws: { error in
            "\(error)".contains("24 bits per pixel") && "\(error)".contains("/dev/fb0")
        }
        var palette = fixed
        setUInt32(&palette, byteOffset: 36, 3)
        #expect {
            try layout(fixture("vfb-320x240.var"), palette)
        } throws: { error in
            "\(error)".contains("not true colour")
        }
        var short = fixed
        setUInt32(&short, byteOffset: 48, 100)
        #expect(throws: FramebufferError.self) { try layout(fixture("vfb-320x240.var"), short) }
        #expect(throws: FramebufferInfoError.truncated(structure: "fb_var_screeninfo", expected: 160, actual: 10)) {
            try FramebufferVariableScreenInfo(bytes: [UInt8](repeating: 0, count: 10))
        }
    }

    @Test("opening a missing device or a file that is not a framebuffer says so")
    func openErrors() {
        #expect(throws: FramebufferError.deviceNotFound(path: "/dev/fb-panelkit-missing")) {
            try LinuxFramebuffer(path: "/dev/fb-panelkit-missing")
        }
        #expect {
            try LinuxFramebuffer(path: "/dev/null")
        } throws: { error in
            "\(error)".contains("not a framebuffer")
        }
        #expect(FramebufferError.permissionDenied(path: "/dev/fb0").description.contains("video group"))
    }
}
