import PanelBoards
import PanelControllers
import PanelCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Board files and traces a person or a tool got wrong.
@Suite("Hostile board files and traces")
struct HostileBoardTests {
    func temporaryFile(_ bytes: [UInt8]) -> String {
        var template = Array("/tmp/panelkit-board-XXXXXX".utf8CString)
        let dir = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
        let path = dir + "/x.json"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return path
    }

    @Test("an 8-bit FocalTech address (0x70) is refused with the 7-bit address as the fix")
    func eightBitFocalTech() {
        let found = issues(minimal.replacing("\"bus\": \"/dev/i2c-1\",", with: "\"bus\": \"/dev/i2c-1\", \"reg\": \"0x70\","))
        #expect(found.count == 1)
        #expect(found.first?.keyPath == "touch.reg")
        #expect(found.first?.fix.contains("0x38") == true)
    }

    @Test("an 8-bit Goodix alternate address (0x28) is refused with the 7-bit address as the fix")
    func eightBitGoodix() {
        let json = minimal.replacing("focaltech,ft6236", with: "goodix,gt911").replacing(
            "\"bus\": \"/dev/i2c-1\",", with: "\"bus\": \"/dev/i2c-1\", \"alt-reg\": \"0x28\",")
        let found = issues(json)
        #expect(found.first?.keyPath == "touch.alt-reg")
        #expect(found.first?.fix.contains("0x14") == true)
    }

    @Test("invalid UTF-8 in a board file is an error naming the line, not silently replaced")
    func invalidUTF8() {
        var bytes = Array(minimal.utf8)
        let newline = bytes.firstIndex(of: 0x0A)!
        bytes.insert(contentsOf: [0xC3, 0x28], at: newline + 3)  // an invalid two-byte sequence on line 2
        let path = temporaryFile(bytes)
        #expect {
            _ = try BoardLoader().decodeFile(path)
        } throws: { error in
            let text = "\(error)"
            return text.contains("UTF-8") && text.contains("x.json:2: byte")
        }
    }

    @Test("a UTF-8 byte-order mark is skipped")
    func utf8BOM() throws {
        let path = temporaryFile([0xEF, 0xBB, 0xBF] + Array(minimal.utf8))
        #expect(try BoardLoader().decodeFile(path).model == "m")
    }

    @Test("a UTF-16 board file is refused, naming the encoding and the fix")
    func utf16() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in minimal.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let path = temporaryFile(bytes)
        #expect {
            _ = try BoardLoader().decodeFile(path)
        } throws: { error in
            "\(error)".contains("UTF-16") && "\(error)".contains("UTF-8")
        }
    }

    @Test("a width of 1e30 is out of range, not 'not a whole number'")
    func hugeWidth() {
        let found = issues(minimal.replacing("\"width\": 320", with: "\"width\": 1e30"))
        #expect(found.first?.keyPath == "display.width")
        #expect(found.first?.problem.contains("out of range") == true)
    }

    @Test("a width of 12.5 is not a whole number")
    func fractionalWidth() {
        let found = issues(minimal.replacing("\"width\": 320", with: "\"width\": 12.5"))
        #expect(found.first?.problem.contains("not a whole number") == true)
    }

    @Test("max-contacts 10 is accepted for FocalTech FT5x parts", arguments: ["edt,edt-ft5406", "edt,edt-ft5506", "focaltech,ft5426", "focaltech,ft5452"])
    func tenContactsOnFT5x(compatible: String) throws {
        let json = minimal.replacing("focaltech,ft6236", with: compatible).replacing(
            "\"touchscreen-size-x\"", with: "\"max-contacts\": 10, \"touchscreen-size-x\"")
        #expect(try Board(json: json, path: "p", name: "x", controllers: .standard).touch.maxContacts == 10)
    }

    @Test("max-contacts above 2 is refused for the two-point FT6x06 parts, naming their limit")
    func threeContactsOnFT6x36() {
        let json = minimal.replacing("\"touchscreen-size-x\"", with: "\"max-contacts\": 3, \"touchscreen-size-x\"")
        let found = issues(json)
        #expect(found.first?.keyPath == "touch.max-contacts")
        #expect(found.first?.fix.contains("1 to 2") == true)
    }

    @Test(
        "a calibration of huge integers is refused, and one that passes validation can be shown and applied",
        arguments: [
            "[9223372036854775807, 0, 0, 0, 9223372036854775807, 0, 1]",
            "[65536, 0, 9223372036854775807, 0, 65536, 0, 65536]",
            "[1, 0, 0, 0, 1, 0, 9223372036854775807]",
        ])
    func hugeCalibration(calibration: String) {
        let json = minimal.replacing("\"touchscreen-size-x\"", with: "\"calibration\": \(calibration), \"touchscreen-size-x\"")
        let found = issues(json)
        #expect(found.first?.keyPath == "touch.calibration")
    }

    @Test("a trace coordinate outside its screen is a load error naming the line", arguments: ["1e300", "-5", "900", "-1e300"])
    func traceOutOfRange(x: String) {
        let header = #"{"format":"panelkit-trace","version":1,"board":"mock","width":800,"height":480}"#
        let body =
            "{\"t\":0,\"contacts\":[{\"id\":1,\"phase\":\"began\",\"x\":\(x),\"y\":2}]}\n{\"t\":1,\"contacts\":[{\"id\":1,\"phase\":\"ended\",\"x\":1,\"y\":2}]}"
        do {
            _ = try TouchTrace(jsonLines: header + "\n" + body + "\n", path: "t.trace")
            Issue.record("accepted x = \(x)")
        } catch {
            #expect(error.line == 2)
            #expect(error.problem.contains("outside"), "\(error)")
        }
    }

    @Test("fixed-point text of a huge or non-finite number does not trap")
    func fixedText() {
        #expect(1e300.fixed(1).hasPrefix("1"))
        #expect(Double.nan.fixed(2) == "nan")
        #expect((-Double.infinity).fixed(0) == "-inf")
        #expect((-2.25).fixed(1) == "-2.3" || (-2.25).fixed(1) == "-2.2")
    }
}
