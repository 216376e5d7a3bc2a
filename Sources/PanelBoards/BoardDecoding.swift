import PanelCore
import PanelLocale

/// One problem in a board file: where (the key path) and what to do about it.
public struct BoardIssue: Hashable, Sendable, CustomStringConvertible {
    /// The key path, `touch.interrupt.line`; empty for the whole file.
    public var keyPath: String
    /// What is wrong.
    public var problem: String
    /// What to write instead.
    public var fix: String

    /// A problem at `keyPath` (empty for the whole file) and what to write instead.
    public init(keyPath: String, problem: String, fix: String) {
        self.keyPath = keyPath
        self.problem = problem
        self.fix = fix
    }

    /// `key.path: problem; fix`.
    public var description: String { (keyPath.isEmpty ? "" : keyPath + ": ") + problem + "; " + fix }
}

/// Why a board could not be loaded. Each description names the file, the key path and the fix.
public enum BoardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No board of that name in the search path.
    case notFound(name: String, searched: [String], available: [String])
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not UTF-8 text.
    case encoding(path: String, TextEncodingError)
    /// The file is not valid JSON.
    case syntax(path: String, JSONSyntaxError)
    /// The file is JSON, but some keys are missing, unknown or out of range (all of them listed).
    case invalid(path: String, issues: [BoardIssue])

    /// The file, every problem with its key path, and the fix.
    public var description: String {
        switch self {
        case .notFound(let name, let searched, let available):
            return "no board named \"\(name)\" (looked in \(searched.joined(separator: ", "))); "
                + (available.isEmpty ? "pass a path to a board file" : "known boards: \(available.joined(separator: ", ")), or pass a path to a board file")
        case .unreadable(let path, let reason):
            return "\(path): cannot read the board file (\(reason)); check the path and its permissions"
        case .encoding(let path, let error):
            return "\(path):\(error.line): \(error.problem) (board files are UTF-8 JSON); \(error.fix)"
        case .syntax(let path, let error):
            return "\(path): \(error) (not valid JSON); fix the syntax at that position"
        case .invalid(let path, let issues):
            if issues.count == 1 { return "\(path): \(issues[0])" }
            return "\(path): \(issues.count) problems:\n" + issues.map { "  \(path): \($0)" }.joined(separator: "\n")
        }
    }
}

/// Walks a JSON object, recording every problem with its key path, and catches unknown keys.
struct BoardReader {
    var issues: [BoardIssue] = []

    mutating func issue(_ path: String, _ problem: String, _ fix: String) {
        issues.append(BoardIssue(keyPath: path, problem: problem, fix: fix))
    }

    /// The members of an object, after checking its keys against `known`.
    mutating func object(_ value: JSONValue?, at path: String, known: [String]) -> JSONValue? {
        guard let value else { return nil }
        guard case .object(let members) = value else {
            issue(path, "is \(value.typeName), expected an object", "write it as { … } (see boards/README.md)")
            return nil
        }
        for (key, _) in members where !known.contains(key) {
            let full = path.isEmpty ? key : path + "." + key
            if let guess = known.min(by: { editDistance($0, key) < editDistance($1, key) }), editDistance(guess, key) <= 3 {
                issue(full, "unknown key", "did you mean \"\(guess)\"?")
            } else {
                issue(full, "unknown key", "remove it; the keys here are \(known.joined(separator: ", "))")
            }
        }
        return value
    }

    mutating func string(_ object: JSONValue?, _ key: String, at path: String, required: Bool = false, example: String) -> String? {
        let full = join(path, key)
        guard let value = object?[key] else {
            if required { issue(full, "missing", "add \"\(key)\": \(example)") }
            return nil
        }
        guard case .string(let s) = value, !s.isEmpty else {
            issue(full, "is \(value.typeName == "a string" ? "empty" : value.typeName), expected a string", "write \"\(key)\": \(example)")
            return nil
        }
        return s
    }

    mutating func bool(_ object: JSONValue?, _ key: String, at path: String) -> Bool? {
        guard let value = object?[key] else { return nil }
        guard case .bool(let b) = value else {
            issue(join(path, key), "is \(value.typeName), expected true or false", "write \"\(key)\": true (or leave it out for false)")
            return nil
        }
        return b
    }

    mutating func integer(_ object: JSONValue?, _ key: String, at path: String, range: ClosedRange<Int>, required: Bool = false, unit: String = "") -> Int? {
        let full = join(path, key)
        guard let value = object?[key] else {
            if required { issue(full, "missing", "add \"\(key)\": a whole number from \(range.lowerBound) to \(range.upperBound)\(unit)") }
            return nil
        }
        guard let n = value.integer else {
            if let d = value.double, d.isFinite, d == d.rounded() {
                // A whole number too large for an integer (1e30): out of range, not fractional.
                issue(full, "\(value.serialized) is out of range", "use a value from \(range.lowerBound) to \(range.upperBound)\(unit)")
            } else {
                issue(
                    full, "is \(value.typeName == "a number" ? "not a whole number" : value.typeName)",
                    "write a whole number from \(range.lowerBound) to \(range.upperBound)\(unit)")
            }
            return nil
        }
        guard range.contains(n) else {
            issue(full, "\(n) is out of range", "use a value from \(range.lowerBound) to \(range.upperBound)\(unit)")
            return nil
        }
        return n
    }

    /// A 7-bit I2C address, as `"0x38"` or `56`.
    mutating func address(_ object: JSONValue?, _ key: String, at path: String, suggestion: I2CAddress?) -> I2CAddress? {
        let full = join(path, key)
        guard let value = object?[key] else { return nil }
        let number: Int?
        switch value {
        case .string(let s):
            let lower = s.lowercased()
            number = lower.hasPrefix("0x") ? Int(lower.dropFirst(2), radix: 16) : Int(lower)
        case .number:
            number = value.integer
        default:
            number = nil
        }
        let example = "\"\((suggestion ?? .ft6x06).description.lowercased())\""
        guard let n = number else {
            issue(full, "\(value.serialized) is not an I2C address", "write a 7-bit address as a hex string, \(example)")
            return nil
        }
        guard let address = I2CAddress(validating: n) else {
            if n >= 0x80 && n <= 0xFF, let seven = I2CAddress(validating: n >> 1) {
                issue(
                    full, "0x\(String(n, radix: 16)) is an 8-bit (shifted) address",
                    "use the 7-bit address \"\(seven.description.lowercased())\" (Linux and datasheet tables use 7-bit)")
            } else {
                issue(full, "\(n) is not a 7-bit address", "use a value from 0x03 to 0x77, such as \(example)")
            }
            return nil
        }
        return address
    }

    mutating func pin(_ object: JSONValue?, _ key: String, at path: String) -> Board.Pin? {
        let full = join(path, key)
        guard let raw = object?[key] else { return nil }
        if case .null = raw { return nil }
        guard let value = self.object(raw, at: full, known: ["chip", "line", "active-low", "bias"]) else { return nil }
        let chip = string(value, "chip", at: full, example: "\"gpiochip0\"") ?? "gpiochip0"
        var line: Board.Pin.Line?
        switch value["line"] {
        case .none:
            issue(join(full, "line"), "missing", "add \"line\": the GPIO number (BCM numbering on a Pi, e.g. 27) or the line's name")
        case .some(.string(let name)) where !name.isEmpty:
            line = .name(name)
        case .some(let v):
            if let n = v.integer, n >= 0, n < 1024 {
                line = .offset(n)
            } else {
                issue(join(full, "line"), "\(v.serialized) is not a line", "write the line's offset on its chip (0–1023) or its name as a string")
            }
        }
        let activeLow = bool(value, "active-low", at: full) ?? false
        var bias = Bias.asIs
        if let text = string(value, "bias", at: full, example: "\"pull-up\"") {
            switch text {
            case "pull-up": bias = .pullUp
            case "pull-down": bias = .pullDown
            case "disable", "disabled": bias = .disabled
            case "as-is": bias = .asIs
            default: issue(join(full, "bias"), "\"\(text)\" is not a bias", "use \"pull-up\", \"pull-down\", \"disable\" or \"as-is\"")
            }
        }
        guard let line else { return nil }
        return Board.Pin(chip: chip, line: line, activeLow: activeLow, bias: bias)
    }

    /// An input device's `device-name`: one name or a list of them (empty when absent).
    mutating func deviceNames(_ object: JSONValue?, at path: String) -> [String] {
        let full = join(path, "device-name")
        switch object?["device-name"] {
        case .none: return []
        case .some(.string(let s)) where !s.isEmpty: return [s]
        case .some(.array(let items)):
            var names: [String] = []
            for (i, item) in items.enumerated() {
                if case .string(let s) = item, !s.isEmpty {
                    names.append(s)
                } else {
                    issue("\(full)[\(i)]", "is \(item.typeName)", "write each name as a non-empty string")
                }
            }
            return names
        case .some(let v):
            issue(full, "is \(v.typeName)", "write the kernel's device name as a string (see /proc/bus/input/devices)")
            return []
        }
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8), b = Array(b.utf8)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0 ... b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1 ... a.count {
        current[0] = i
        for j in 1 ... b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

extension Board {
    static let topKeys = [
        "name", "model", "comment", "touch", "display", "fonts", "keys", "power", "buttons", "encoders", "motion", "accessibility", "appearance", "language",
    ]
    static let touchKeys = [
        "compatible", "bus", "reg", "alt-reg", "interrupt", "reset",
        "touchscreen-size-x", "touchscreen-size-y", "touchscreen-inverted-x", "touchscreen-inverted-y",
        "touchscreen-swapped-x-y", "max-contacts", "poll-interval-ms", "device", "device-name", "grab", "calibration",
    ]
    static let displayKeys = ["device", "width", "height", "format", "rotation", "connector", "mode"]

    /// Decodes and validates a board from JSON text. `path` names the file in errors; `name` is
    /// the board's name (the file name without `.json`); `controllers` are the touch controllers
    /// its `touch.compatible` may name (the chip registry's catalog).
    public init(json text: String, path: String, name: String, controllers: ControllerCatalog) throws(BoardError) {
        let root: JSONValue
        do {
            root = try JSONValue.parse(text)
        } catch {
            throw .syntax(path: path, error)
        }
        var r = BoardReader()
        guard let top = r.object(root, at: "", known: Board.topKeys) else {
            throw .invalid(path: path, issues: r.issues)
        }
        if let declared = r.string(top, "name", at: "", example: "\"\(name)\""), declared != name {
            r.issue("name", "\"\(declared)\" does not match the file name \"\(name).json\"", "rename the file or the board so they agree")
        }
        let model = r.string(top, "model", at: "", required: true, example: "\"Raspberry Pi 4 + 7\\\" GT911 panel\"") ?? name
        var comment: [String] = []
        switch top["comment"] {
        case .none: break
        case .some(.string(let s)): comment = [s]
        case .some(.array(let items)):
            for (i, item) in items.enumerated() {
                if case .string(let s) = item {
                    comment.append(s)
                } else {
                    r.issue("comment[\(i)]", "is \(item.typeName)", "write each comment line as a string")
                }
            }
        case .some(let v): r.issue("comment", "is \(v.typeName)", "write a string or an array of strings")
        }

        let touchValue = r.object(top["touch"], at: "touch", known: Board.touchKeys)
        if top["touch"] == nil { r.issue("touch", "missing", "add a \"touch\" object with at least \"compatible\" (see boards/README.md)") }
        let displayValue = r.object(top["display"], at: "display", known: Board.displayKeys)
        if top["display"] == nil { r.issue("display", "missing", "add a \"display\" object with \"device\", \"width\" and \"height\"") }

        var fonts: [String] = []
        switch top["fonts"] {
        case .none: break
        case .some(.array(let items)):
            for (i, item) in items.enumerated() {
                if case .string(let s) = item, !s.isEmpty {
                    fonts.append(s)
                } else {
                    r.issue("fonts[\(i)]", "is \(item.typeName)", "write each font as the path of a .ttf, .otf or .ttc file")
                }
            }
        case .some(let v): r.issue("fonts", "is \(v.typeName)", "write an array of font file paths, first choice first")
        }

        let touch = Board.decodeTouch(touchValue, controllers: controllers, reader: &r)
        let display = Board.decodeDisplay(displayValue, reader: &r)
        let keys = Board.decodeKeys(top["keys"], reader: &r)
        let power = Board.decodePower(top["power"], reader: &r)
        let buttons = Board.decodeButtons(top["buttons"], reader: &r)
        let encoders = Board.decodeEncoders(top["encoders"], reader: &r)
        let motion = Board.decodeMotion(top["motion"], reader: &r)
        let accessibility = Board.decodeAccessibility(top["accessibility"], reader: &r)
        let appearance = Board.decodeAppearance(top["appearance"], power: power, reader: &r)
        var language: Language?
        if let text = r.string(top, "language", at: "", example: "\"de\", \"zh_CN\" or \"ar\"") {
            if let parsed = Language(parsing: text) {
                language = parsed
            } else {
                r.issue("language", "\"\(text)\" is not a language", "write a language code, with a region if it matters: \"de\", \"de_AT\", \"zh_CN\", \"ar\"")
            }
        }

        guard r.issues.isEmpty, let touch, let display else {
            throw .invalid(path: path, issues: r.issues)
        }
        self.init(name: name, model: model, comment: comment, touch: touch, display: display, path: path)
        self.fonts = fonts
        self.keys = keys
        self.power = power
        self.buttons = buttons
        self.encoders = encoders
        self.motion = motion
        self.accessibility = accessibility
        self.appearance = appearance
        self.language = language
    }

    private static func decodeTouch(_ t: JSONValue?, controllers: ControllerCatalog, reader r: inout BoardReader) -> Touch? {
        guard let t else { return nil }
        let examples = controllers.compatibles.prefix(2).map { "\"\($0)\"" } + ["\"\(Board.evdevCompatible)\""]
        guard let compatible = r.string(t, "compatible", at: "touch", required: true, example: examples.joined(separator: ", ")) else { return nil }
        let model = controllers.model(for: compatible)
        guard model != nil || compatible == Board.evdevCompatible else {
            let known = controllers.compatibles
            let guess = known.min { editDistance($0, compatible) < editDistance($1, compatible) }!
            r.issue(
                "touch.compatible", "\"\(compatible)\" is not a controller PanelKit drives",
                editDistance(guess, compatible) <= 4 ? "did you mean \"\(guess)\"?" : "use one of \(known.joined(separator: ", "))")
            return nil
        }
        var touch = Touch(compatible: compatible, driver: model?.driver ?? .evdev)
        if let model {
            decodeChip(t, model, into: &touch, reader: &r)
        } else {
            for key in ["bus", "reg", "alt-reg", "interrupt", "reset", "poll-interval-ms"] where t[key] != nil {
                r.issue(
                    "touch.\(key)", "does not apply to \"\(Board.evdevCompatible)\" (the kernel driver owns the chip)",
                    "remove it, or use the chip's compatible to drive it from user space")
            }
            touch.device = r.string(t, "device", at: "touch", example: "\"/dev/input/event0\"")
            touch.deviceNames = r.deviceNames(t, at: "touch")
            if touch.device == nil && touch.deviceNames.isEmpty && t["device"] == nil && t["device-name"] == nil {
                r.issue(
                    "touch", "a \"\(Board.evdevCompatible)\" touch needs \"device\" or \"device-name\"",
                    "add \"device-name\": the Name= line of /proc/bus/input/devices")
            }
            touch.grab = r.bool(t, "grab", at: "touch") ?? false
        }
        touch.sizeX = r.integer(t, "touchscreen-size-x", at: "touch", range: 1 ... 65535, required: model != nil)
        touch.sizeY = r.integer(t, "touchscreen-size-y", at: "touch", range: 1 ... 65535, required: model != nil)
        if let model, model.maxCoordinate < 65535 {
            for (key, size) in [("touchscreen-size-x", touch.sizeX), ("touchscreen-size-y", touch.sizeY)] {
                if let size, size > model.maxCoordinate {
                    r.issue(
                        "touch.\(key)", "\(size) is beyond the \(model.family)'s coordinates (at most \(model.maxCoordinate))",
                        "use the panel's resolution (at most \(model.maxCoordinate))")
                }
            }
        }
        touch.invertedX = r.bool(t, "touchscreen-inverted-x", at: "touch") ?? false
        touch.invertedY = r.bool(t, "touchscreen-inverted-y", at: "touch") ?? false
        touch.swappedXY = r.bool(t, "touchscreen-swapped-x-y", at: "touch") ?? false
        touch.maxContacts = r.integer(t, "max-contacts", at: "touch", range: 1 ... (model?.maxContacts(compatible) ?? 16))
        if let cal = t["calibration"] {
            touch.calibration = decodeCalibration(cal, at: "touch.calibration", reader: &r)
        }
        return touch
    }

    /// The keys of a chip on an I2C bus: its bus, addresses, lines and polling interval, checked
    /// against its model (a strapped address, the 8-bit form of an address, INT with reset).
    private static func decodeChip(_ t: JSONValue, _ model: TouchControllerModel, into touch: inout Touch, reader r: inout BoardReader) {
        for key in ["device", "device-name", "grab"] where t[key] != nil {
            r.issue("touch.\(key)", "applies to \"\(Board.evdevCompatible)\" only", "remove it")
        }
        switch r.string(t, "bus", at: "touch", required: true, example: "\"/dev/i2c-1\" (or \"mock\" for the bench)") {
        case "mock": touch.bus = .mock
        case .some(let path):
            if path.hasPrefix("/dev/i2c-"), Int(path.dropFirst("/dev/i2c-".count)) != nil {
                touch.bus = .device(path)
            } else if let n = Int(path) {
                r.issue("touch.bus", "\"\(path)\" is a bus number", "write the device path, \"/dev/i2c-\(n)\"")
            } else {
                r.issue("touch.bus", "\"\(path)\" is not an I2C bus", "write \"/dev/i2c-N\" (ls /dev/i2c-*), or \"mock\" for the emulated chip")
            }
        case .none: break
        }
        let primary = model.defaultAddress
        let strapped = model.strapsAddress && model.addresses.count > 1
        touch.address = r.address(t, "reg", at: "touch", suggestion: primary) ?? primary
        touch.alternateAddress = r.address(t, "alt-reg", at: "touch", suggestion: strapped ? model.addresses[1] : nil)
        if strapped, t["alt-reg"] == nil {
            touch.alternateAddress = model.addresses.first { $0 != touch.address }
        }
        // An address that is the 8-bit (shifted) form of the family's own: 0x70 for 0x38, 0x28 for 0x14.
        for (key, address) in [("reg", touch.address), ("alt-reg", t["alt-reg"] == nil ? nil : touch.alternateAddress)] {
            guard let address, !model.addresses.contains(address), address.rawValue & 1 == 0,
                let seven = model.addresses.first(where: { $0.rawValue == address.rawValue >> 1 })
            else { continue }
            r.issue(
                "touch.\(key)", "\(address) is the 8-bit (shifted) form of \(seven)",
                "use the 7-bit address \"\(seven.description.lowercased())\" (Linux and datasheet tables use 7-bit)")
            if key == "reg" { touch.address = seven } else { touch.alternateAddress = seven }
        }
        if model.strapsAddress, let address = touch.address, !model.addresses.contains(address) {
            r.issue(
                "touch.reg", "\(address) is not a \(model.family) address",
                "use \(model.addresses.map { "\"\($0.description.lowercased())\"" }.joined(separator: " or ")) (set by the INT level at reset)")
        }
        touch.interrupt = r.pin(t, "interrupt", at: "touch")
        touch.reset = r.pin(t, "reset", at: "touch")
        if model.resetNeedsInterrupt, touch.reset != nil, touch.interrupt == nil, t["interrupt"] == nil {
            r.issue(
                "touch.interrupt", "a \(model.family) with a reset line needs its INT line too (the address is strapped on INT during reset)",
                "add \"interrupt\": { \"chip\": …, \"line\": … }")
        }
        touch.pollIntervalMilliseconds = r.integer(t, "poll-interval-ms", at: "touch", range: 1 ... 1000, unit: " ms") ?? 10
    }

    /// Reads a tslib `pointercal` array: seven integers, the last the divisor.
    static func decodeCalibration(_ value: JSONValue, at path: String, reader r: inout BoardReader) -> CalibrationMatrix? {
        let fix = "write the seven integers of a tslib pointercal, [a0, a1, a2, a3, a4, a5, divisor] (panelctl calibrate writes them)"
        guard case .array(let items) = value, items.count == 7 else {
            r.issue(path, "is \(value.typeName == "an array" ? "not seven numbers" : value.typeName)", fix)
            return nil
        }
        var n: [Int] = []
        for item in items {
            guard let v = item.integer else { r.issue(path, "\(item.serialized) is not a whole number", fix); return nil }
            n.append(v)
        }
        guard let matrix = CalibrationMatrix(pointercal: (n[0], n[1], n[2], n[3], n[4], n[5], n[6])) else {
            r.issue(path, "the divisor (the seventh number) is 0", fix)
            return nil
        }
        // What a calibration can do to a panel of at most 65535 pixels: scale each axis by at
        // most 16 and shift it by at most 65536 pixels. Beyond that it is a broken file (or
        // numbers the transform's arithmetic cannot carry), not a real panel's correction.
        let scales = [matrix.a0, matrix.a1, matrix.a3, matrix.a4]
        let offsets = [matrix.a2, matrix.a5]
        if !(scales + offsets).allSatisfy(\.isFinite) || scales.contains(where: { $0.magnitude > 16 }) || offsets.contains(where: { $0.magnitude > 65536 }) {
            r.issue(
                path, "the matrix is out of range (each scale at most 16, each offset at most 65536 pixels once divided by the seventh number)",
                "run panelctl calibrate again, touching each crosshair, or remove \"calibration\"")
            return nil
        }
        let det = matrix.a0 * matrix.a4 - matrix.a1 * matrix.a3
        if det.magnitude < 0.05 {
            r.issue(path, "the matrix collapses the screen (determinant \(det))", "run panelctl calibrate again, touching each crosshair")
            return nil
        }
        return matrix
    }

    private static func decodeDisplay(_ d: JSONValue?, reader r: inout BoardReader) -> Display? {
        guard let d else { return nil }
        var device = Display.Device.framebuffer("/dev/fb0")
        if let text = r.string(d, "device", at: "display", example: "\"drm\", \"/dev/dri/card0\", \"/dev/fb0\" (or \"memory\" for the bench)") {
            if text == "memory" {
                device = .memory
            } else if text == "drm" {
                device = .drm(nil)
            } else if text.hasPrefix("/dev/dri/card"), Int(text.dropFirst("/dev/dri/card".count)) != nil {
                device = .drm(text)
            } else if text.hasPrefix("/dev/fb"), Int(text.dropFirst("/dev/fb".count)) != nil {
                device = .framebuffer(text)
            } else {
                r.issue(
                    "display.device", "\"\(text)\" is not a display device",
                    "write \"drm\" (the first DRM card with a display), \"/dev/dri/cardN\", \"/dev/fbN\" (ls /dev/dri /dev/fb*), or \"memory\"")
            }
        }
        var isDRM = false
        if case .drm = device { isDRM = true }
        let connector = r.string(d, "connector", at: "display", example: "\"HDMI-A-1\"")
        let mode = r.string(d, "mode", at: "display", example: "\"800x480\" or \"800x480@60\"")
        for (key, value) in [("connector", connector), ("mode", mode)] where value != nil && !isDRM {
            r.issue("display.\(key)", "applies to DRM displays only", "remove it, or set display.device to \"drm\" or \"/dev/dri/cardN\"")
        }
        if let mode,
            !mode.split(separator: "@", maxSplits: 1).enumerated().allSatisfy({ i, part in
                i == 1 ? Int(part) != nil : part.split(separator: "x").count == 2 && part.split(separator: "x").allSatisfy { Int($0) != nil }
            })
        {
            r.issue("display.mode", "\"\(mode)\" is not a mode", "write WIDTHxHEIGHT, optionally @HZ: \"800x480\", \"1920x1080@60\"")
        }
        let width = r.integer(d, "width", at: "display", range: 1 ... 8192, required: true, unit: " pixels")
        let height = r.integer(d, "height", at: "display", range: 1 ... 8192, required: true, unit: " pixels")
        var format = PixelFormatName.xrgb8888
        if let text = r.string(d, "format", at: "display", example: "\"rgb565\"") {
            if let f = PixelFormatName(rawValue: text) {
                format = f
            } else {
                r.issue("display.format", "\"\(text)\" is not a pixel format", "use one of \(PixelFormatName.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if case .framebuffer = device {
                r.issue(
                    "display.format", "applies to \"memory\" and DRM displays only (a framebuffer device reports its own)",
                    "remove it, or set the depth with fbset/framebuffer_depth")
            }
            if isDRM, format != .xrgb8888, format != .rgb565 {
                r.issue("display.format", "\"\(text)\" cannot be scanned out by PanelKit's DRM display", "use xrgb8888 or rgb565")
            }
        }
        var rotation = Rotation.degrees0
        if let value = d["rotation"] {
            if let n = value.integer, let rot = Rotation(rawValue: n) {
                rotation = rot
            } else {
                r.issue("display.rotation", "\(value.serialized) is not a rotation", "use 0, 90, 180 or 270 (degrees clockwise)")
            }
        }
        guard let width, let height else { return nil }
        var display = Display(device: device, width: width, height: height, format: format, rotation: rotation)
        display.connector = connector
        display.mode = mode
        return display
    }
}
