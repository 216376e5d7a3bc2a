// A small JSON reader and writer for board files, calibration overrides and touch traces.
//
// Board files are read once at start-up, so this is not a hot path; it exists so that errors can
// name the line and the key path ("touch.interrupt.line"), keys keep their order, and unknown keys
// are caught, none of which a Codable decoder reports well. No Foundation.

/// A parsed JSON value. Objects keep their keys in file order; numbers keep their source text so
/// that integers stay exact.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): Double(a) == Double(b)
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(Double(n))
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for (k, v) in o { hasher.combine(k); hasher.combine(v) }
        }
    }

    /// The member named `key`, if this is an object that has it.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name of the value's type, for error messages.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A number from an integer literal (`12`, `-3`).
    package var integer: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text)
    }

    /// A number as a double.
    package var double: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    /// The value written as compact JSON (objects in their key order).
    package var serialized: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSONValue.quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.quote(member.key, into: &out)
                out += ":"
                member.value.write(into: &out)
            }
            out += "}"
        }
    }

    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// A number value from an integer.
    package static func int<T: BinaryInteger>(_ value: T) -> JSONValue { .number(String(value)) }

    /// Parses one JSON document (RFC 8259; a trailing comma or a comment is an error).
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.error("unexpected text after the end of the document")
        }
        return value
    }
}

/// A syntax error, with the 1-based line and column where it was found.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line (1-based).
    public var line: Int
    /// The column (1-based).
    public var column: Int
    /// What the parser expected or found.
    public var message: String
    /// `line N, column M: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for b in bytes[..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < 64 else { throw error("nesting deeper than 64 levels") }
        guard index < bytes.count else { throw error("unexpected end of the document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "/"): throw error("comments are not JSON; put notes in a \"comment\" key")
        default: throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))'")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard index + count <= bytes.count, bytes[index ..< index + count].elementsEqual(expected) else {
            throw error("expected \(word)")
        }
        index += count
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(index < bytes.count && bytes[index] == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a key in double quotes")
            }
            let keyStart = index
            let key = try string()
            if members.contains(where: { $0.key == key }) {
                index = keyStart
                throw error("the key \"\(key)\" appears twice")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the document inside an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}' after the value of \"\(key)\"")
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of the document inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']' in an array")
        }
    }

    mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            var n = 0
            while p.index < p.bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(p.bytes[p.index]) { p.index += 1; n += 1 }
            return n
        }
        let intStart = index
        guard digits(&self) > 0 else { throw error("expected a digit") }
        if bytes[intStart] == UInt8(ascii: "0"), index - intStart > 1 {
            index = intStart
            throw error("numbers must not start with 0; write hexadecimal as a string, \"0x38\"")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "x") {
            throw error("hexadecimal is not JSON; write it as a string, \"0x38\"")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        return .number(String(decoding: bytes[start ..< index], as: UTF8.self))
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ p: JSONParser, _ scalars: inout String.UnicodeScalarView, upTo end: Int) {
            if end > run { scalars.append(contentsOf: String(decoding: p.bytes[run ..< end], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                flush(self, &scalars, upTo: index)
                index += 1
                return String(scalars)
            }
            if b < 0x20 { throw error("control character in a string; write it escaped (\\n, \\t)") }
            if b == UInt8(ascii: "\\") {
                flush(self, &scalars, upTo: index)
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800 ..< 0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00 ..< 0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default:
                    index -= 1
                    throw error("unknown escape '\\\(String(decoding: [e], as: UTF8.self))'")
                }
                run = index
                continue
            }
            index += 1
        }
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape") }
        var code: UInt32 = 0
        for _ in 0 ..< 4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }
}

extension Double {
    /// Fixed-point text with `digits` decimals (no Foundation).
    package func fixed(_ digits: Int) -> String {
        guard isFinite else { return isNaN ? "nan" : self < 0 ? "-inf" : "inf" }
        var scale = 1.0
        for _ in 0 ..< digits { scale *= 10 }
        let scaled = (self * scale).rounded()
        // Past what an Int holds (and far past any value shown with decimals): plain notation.
        guard scaled.magnitude < 9.0e18 else { return description }
        let negative = scaled < 0
        let whole = Int(abs(scaled))
        let divisor = Int(scale)
        var text = String(whole / divisor)
        if digits > 0 {
            var fraction = String(whole % divisor)
            while fraction.count < digits { fraction = "0" + fraction }
            text += "." + fraction
        }
        return (negative && whole != 0 ? "-" : "") + text
    }
}
