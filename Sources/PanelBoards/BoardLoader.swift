import PanelBoardFiles
public import PanelCore
// Files: whole reads, atomic writes and their errors (readFileBytes, writeFile, FileError).
@_exported public import PanelFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds board files by name or path, decodes them, and applies a saved calibration.
///
/// A name (`mock`, `raspberrypi-adafruit-pitft28-capacitive`) is looked up as `<name>.json` in,
/// in order: the directories in `PANELKIT_BOARDS` (colon-separated), `./boards`,
/// `/etc/panelkit/boards`, `/usr/local/share/panelkit/boards`, and then among the board files
/// compiled into the library (the repository's `boards/` folder, embedded at build time), so a
/// file on disk overrides a built-in board of the same name. Anything containing a `/` or
/// ending in `.json` is a path.
public struct BoardLoader: Sendable {
    /// The directories searched for board names.
    public var searchPath: [String]
    /// Where calibration overrides are read and written (nil: none are applied).
    public var calibrationDirectory: String?
    /// Whether names not found in ``searchPath`` are looked up among the built-in boards.
    public var includesBuiltInBoards: Bool
    /// The touch controllers a board file may name (the chip registry's catalog).
    public var controllers: ControllerCatalog

    /// A loader of boards whose touch controllers are among `controllers`, that searches
    /// `searchPath` (default: ``defaultSearchPath()``), reads calibrations from
    /// `calibrationDirectory` (default: ``defaultCalibrationDirectory()``; `.some(nil)` for none)
    /// and, with `includesBuiltInBoards`, falls back to the boards compiled into the library.
    public init(
        controllers: ControllerCatalog, searchPath: [String]? = nil, calibrationDirectory: String?? = nil, includesBuiltInBoards: Bool = true
    ) {
        self.controllers = controllers
        self.searchPath = searchPath ?? BoardLoader.defaultSearchPath()
        self.calibrationDirectory = calibrationDirectory ?? BoardLoader.defaultCalibrationDirectory()
        self.includesBuiltInBoards = includesBuiltInBoards
    }

    /// The names of the board files compiled into the library.
    public static var builtInBoards: [String] { bundledBoardFiles.map(\.name) }

    /// The contents of a built-in board file, if there is one of that name.
    public static func builtInBoardFile(named name: String) -> String? {
        bundledBoardFiles.first { $0.name == name }.map { String(decoding: $0.contents, as: UTF8.self) }
    }

    /// How a built-in board is named where a path would be (in `Board.path` and errors).
    public static func builtInPath(_ name: String) -> String { "(built-in) \(name).json" }

    /// The directories of `PANELKIT_BOARDS` (colon-separated), then `boards`, `/etc/panelkit/boards`
    /// and `/usr/local/share/panelkit/boards`.
    public static func defaultSearchPath() -> [String] {
        var dirs: [String] = []
        if let env = environment("PANELKIT_BOARDS") {
            dirs += env.split(separator: ":").map(String.init)
        }
        dirs += ["boards", "/etc/panelkit/boards", "/usr/local/share/panelkit/boards"]
        return dirs
    }

    /// `PANELKIT_CONFIG_DIR`, else `$XDG_CONFIG_HOME/panelkit`, else `~/.config/panelkit`.
    public static func defaultCalibrationDirectory() -> String? {
        if let dir = environment("PANELKIT_CONFIG_DIR") { return dir }
        if let xdg = environment("XDG_CONFIG_HOME") { return xdg + "/panelkit" }
        if let home = environment("HOME") { return home + "/.config/panelkit" }
        return nil
    }

    /// The names of the boards found in the search path, sorted, without duplicates.
    public func availableBoards() -> [String] {
        var names: Set<String> = []
        for dir in searchPath {
            for file in BoardLoader.listDirectory(dir) where file.hasSuffix(".json") && !file.hasSuffix(".calibration.json") {
                names.insert(String(file.dropLast(5)))
            }
        }
        if includesBuiltInBoards { names.formUnion(BoardLoader.builtInBoards) }
        return names.sorted()
    }

    /// The file a name or path refers to (only files: see ``decode(_:)`` for built-in boards).
    public func locate(_ nameOrPath: String) throws(BoardError) -> String {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") { return nameOrPath }
        for dir in searchPath {
            let candidate = dir + "/" + nameOrPath + ".json"
            if access(candidate, R_OK) == 0 { return candidate }
        }
        throw .notFound(name: nameOrPath, searched: searchedPlaces, available: availableBoards())
    }

    private var searchedPlaces: [String] { searchPath + (includesBuiltInBoards ? ["the built-in boards"] : []) }

    /// Decodes and validates the board a name or path refers to, a file or else a built-in
    /// board, without applying overrides (what `panelctl board validate` checks).
    public func decode(_ nameOrPath: String) throws(BoardError) -> Board {
        do {
            return try decodeFile(try locate(nameOrPath))
        } catch .notFound(let name, let searched, let available) {
            guard includesBuiltInBoards, let text = BoardLoader.builtInBoardFile(named: name) else {
                throw .notFound(name: name, searched: searched, available: available)
            }
            return try Board(json: text, path: BoardLoader.builtInPath(name), name: name, controllers: controllers)
        }
    }

    /// Loads, decodes and validates a board (a file, else a built-in board), then applies its
    /// calibration override if one was saved (``calibrationFile(for:)``).
    public func load(_ nameOrPath: String) throws(BoardError) -> Board {
        var board = try decode(nameOrPath)
        if let override = calibrationFile(for: board.name), access(override, R_OK) == 0 {
            let saved = try CalibrationOverride.read(from: override)
            if saved.board != board.name {
                throw .invalid(
                    path: override,
                    issues: [
                        BoardIssue(
                            keyPath: "board", problem: "\"\(saved.board)\" is not \"\(board.name)\"",
                            fix: "delete the file or run panelctl calibrate --board \(board.name) again")
                    ])
            }
            board.touch.calibration = saved.matrix
        }
        return board
    }

    /// Decodes one file without applying overrides (what `panelctl board validate` checks).
    public func decodeFile(_ path: String) throws(BoardError) -> Board {
        let bytes: [UInt8]
        do {
            bytes = try readFileBytes(path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        let text: String
        do {
            text = try decodeUTF8Text(bytes)
        } catch {
            throw .encoding(path: path, error)
        }
        var name = path
        if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
        if name.hasSuffix(".json") { name = String(name.dropLast(5)) }
        return try Board(json: text, path: path, name: name, controllers: controllers)
    }

    /// Where the calibration override of a board lives.
    public func calibrationFile(for boardName: String) -> String? {
        calibrationDirectory.map { $0 + "/" + boardName + ".calibration.json" }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let s = String(cString: value)
        return s.isEmpty ? nil : s
    }

    static func listDirectory(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// Reads a whole file as UTF-8 text (invalid bytes become U+FFFD; see ``decodeUTF8Text(_:)`` for
/// files a person edits).
public func readFile(_ path: String) throws(FileError) -> String {
    String(decoding: try readFileBytes(path), as: UTF8.self)
}

/// Why a text file could not be taken as UTF-8: the line and what is wrong, and the fix.
public struct TextEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line of the first byte that is not UTF-8 (1-based).
    public var line: Int
    /// What is wrong.
    public var problem: String
    /// How to fix the file.
    public var fix: String
    /// `line N: problem; fix`.
    public var description: String { "line \(line): \(problem); \(fix)" }
}

/// Decodes a file's bytes as UTF-8 text for a parser: a UTF-8 byte-order mark is skipped; a
/// UTF-16 or UTF-32 file, or bytes that are not UTF-8, are an error naming the line.
public func decodeUTF8Text(_ bytes: [UInt8]) throws(TextEncodingError) -> String {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    if body.starts(with: [0xFF, 0xFE]) || body.starts(with: [0xFE, 0xFF]) {
        throw TextEncodingError(
            line: 1, problem: "the file is UTF-16 (or UTF-32) text", fix: "save it as UTF-8 (iconv -f UTF-16 -t UTF-8, or your editor's encoding menu)")
    }
    if let text = String(validating: body, as: UTF8.self) { return text }
    // Find the first byte that is not UTF-8, for its line number.
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = body.makeIterator()
    var line = 1
    var offset = body.startIndex
    while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded):
            if encoded.count == 1 && encoded.first == 0x0A { line += 1 }
            offset += encoded.count
        case .error:
            throw TextEncodingError(
                line: line, problem: "byte \(offset) (0x\(String(body[offset], radix: 16, uppercase: true))) is not UTF-8",
                fix: "save the file as UTF-8 (`iconv -f LATIN1 -t UTF-8` converts a Latin-1 file)")
        case .emptyInput:
            return String(decoding: body, as: UTF8.self)
        }
    }
}

/// A saved calibration: `<config>/<board>.calibration.json`, written by `panelctl calibrate`.
///
/// ```json
/// {"format": "panelkit-calibration", "version": 1, "board": "mock",
///  "calibration": [65536, 0, 0, 0, 65536, 0, 65536]}
/// ```
public struct CalibrationOverride: Hashable, Sendable {
    /// The file format's version this library writes and reads.
    public static let version = 1
    /// The board the calibration is for.
    public var board: String
    /// The calibration, in tslib's 3-point form.
    public var matrix: CalibrationMatrix

    /// A calibration of `matrix` for `board`.
    public init(board: String, matrix: CalibrationMatrix) {
        self.board = board
        self.matrix = matrix
    }

    /// The file's text, as `panelctl calibrate` writes it.
    public var json: String {
        let p = matrix.pointercal
        let numbers = [p.0, p.1, p.2, p.3, p.4, p.5, p.6].map(String.init).joined(separator: ", ")
        return """
            {
              "format": "panelkit-calibration",
              "version": \(CalibrationOverride.version),
              "board": \(JSONValue.string(board).serialized),
              "calibration": [\(numbers)]
            }

            """
    }

    /// Reads a calibration file.
    /// - Throws: ``BoardError`` naming the file, what is wrong and the fix.
    public static func read(from path: String) throws(BoardError) -> CalibrationOverride {
        let bytes: [UInt8]
        do { bytes = try readFileBytes(path) } catch { throw .unreadable(path: path, reason: error.reason) }
        let text: String
        do { text = try decodeUTF8Text(bytes) } catch { throw .encoding(path: path, error) }
        let root: JSONValue
        do { root = try JSONValue.parse(text) } catch { throw .syntax(path: path, error) }
        var r = BoardReader()
        let object = r.object(root, at: "", known: ["format", "version", "board", "calibration"])
        if r.string(object, "format", at: "", required: true, example: "\"panelkit-calibration\"").map({ $0 != "panelkit-calibration" }) == true {
            r.issue("format", "is not \"panelkit-calibration\"", "this is not a calibration file; delete it or run panelctl calibrate")
        }
        if let v = r.integer(object, "version", at: "", range: 1 ... Int.max, required: true), v > version {
            r.issue("version", "\(v) is newer than this PanelKit reads (\(version))", "update PanelKit or calibrate again")
        }
        let board = r.string(object, "board", at: "", required: true, example: "\"mock\"")
        var matrix: CalibrationMatrix?
        if let cal = object?["calibration"] {
            matrix = Board.decodeCalibration(cal, at: "calibration", reader: &r)
        } else {
            r.issue("calibration", "missing", "run panelctl calibrate again")
        }
        guard r.issues.isEmpty, let board, let matrix else { throw .invalid(path: path, issues: r.issues) }
        return CalibrationOverride(board: board, matrix: matrix)
    }
}
