import PanelBoards
import Testing

@Suite("JSON reader")
struct JSONTests {
    @Test("parses objects in key order, arrays, numbers, strings with escapes and literals")
    func parses() throws {
        let v = try JSONValue.parse(#"{"b": [1, -2.5e3, true, false, null], "a": "x\"\u00e9\ud83d\ude00\n"}"#)
        guard case .object(let members) = v else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(v["b"] == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]))
        #expect(v["a"] == .string("x\"é😀\n"))
        guard case .array(let items) = v["b"] else { Issue.record("b is not an array"); return }
        #expect(items[1].double == -2500)
    }

    @Test("writes what it reads")
    func roundTrip() throws {
        let text = #"{"a":[1,2,{"b":"c\nd"}],"e":null}"#
        #expect(try JSONValue.parse(text).serialized == text)
    }

    @Test(
        "refuses what is not JSON, saying where and why",
        arguments: [
            ("{\"a\": 1,}", "trailing comma"), ("[1, 2,]", "trailing comma"), ("{\"a\": 0x38}", "hexadecimal"),
            ("// c\n{}", "comments"), ("{\"a\": 1, \"a\": 2}", "appears twice"), ("{\"a\": 01}", "must not start with 0"),
            ("{\"a\": \"x}", "unterminated"), ("{} x", "after the end"), ("", "unexpected end"),
        ])
    func refuses(text: String, message: String) {
        do {
            _ = try JSONValue.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test("error positions count lines and characters")
    func position() {
        do {
            _ = try JSONValue.parse("{\n  \"é\": tru\n}")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2 && error.column == 8)
        }
    }
}
