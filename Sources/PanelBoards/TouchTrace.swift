public import PanelCore

/// A recorded touch session: what `panelctl record` writes and `panelctl replay` plays.
///
/// Format, version 1 (JSON Lines, UTF-8, one JSON object per line):
///
/// ```text
/// {"format":"panelkit-trace","version":1,"board":"mock","width":800,"height":480}
/// {"t":0,"contacts":[{"id":1,"phase":"began","x":120.0,"y":80.5}]}
/// {"t":10000,"contacts":[{"id":1,"phase":"moved","x":124.0,"y":80.5}]}
/// {"t":20000,"contacts":[{"id":1,"phase":"ended","x":124.0,"y":80.5}]}
/// ```
///
/// - The header names the board it was recorded on and the UI size in points; coordinates are
///   UI points (after the board's transform), so a trace replays on any board of that size.
/// - `t` is microseconds since the first frame, never decreasing.
/// - Each frame lists the contacts that changed: `id` (the touch identity: positive, unique
///   for the life of one touch), `phase` (`began`, `moved`, `stationary`, `ended`,
///   `cancelled`), `x`, `y`. A touch begins once and ends or is cancelled once; on load the file
///   is checked for that, and a touch still down at the end is an error.
/// - Unknown keys are errors; a newer `version` is refused with the version this reader knows.
public struct TouchTrace: Hashable, Sendable {
    /// The `format` every trace's header names.
    public static let formatName = "panelkit-trace"
    /// The format's version this library writes and reads.
    public static let version = 1

    /// One report: the contacts at a moment of the trace.
    public struct Frame: Hashable, Sendable {
        /// Microseconds since the start of the trace.
        public var time: Int64
        /// The contacts of the report, in the panel's coordinates.
        public var contacts: [Contact]

        /// A frame at `time` microseconds with `contacts`.
        public init(time: Int64, contacts: [Contact]) {
            self.time = time
            self.contacts = contacts
        }

        /// One finger in a frame.
        public struct Contact: Hashable, Sendable {
            /// The finger's identity, the same for the life of one touch.
            public var id: UInt32
            /// Whether the finger came down, moved, stayed, lifted or was cancelled.
            public var phase: TouchPhase
            /// Where the finger is, in the panel's pixels.
            public var position: Point
            /// A contact of finger `id` in `phase` at `position`.
            public init(id: UInt32, phase: TouchPhase, position: Point) {
                self.id = id
                self.phase = phase
                self.position = position
            }
        }
    }

    /// The board the trace was recorded on.
    public var board: String
    /// The panel's width in pixels.
    public var width: Int
    /// The panel's height in pixels.
    public var height: Int
    /// The reports, in time order.
    public var frames: [Frame]

    /// A trace of `board`'s `width` × `height` panel.
    public init(board: String, width: Int, height: Int, frames: [Frame] = []) {
        self.board = board
        self.width = width
        self.height = height
        self.frames = frames
    }

    /// Appends a frame as the pipeline delivered it; `origin` is the trace's time zero.
    public mutating func append(_ frame: TouchFrame, origin: MonotonicInstant) {
        let micros = (frame.timestamp - origin).nanoseconds / 1000
        var contacts: [Frame.Contact] = []
        for c in frame { contacts.append(.init(id: c.identity, phase: c.phase, position: c.position)) }
        frames.append(Frame(time: max(micros, frames.last?.time ?? 0), contacts: contacts))
    }

    /// The length of the trace in microseconds.
    public var duration: Int64 { frames.last?.time ?? 0 }

    /// The header line and one line per frame.
    public var jsonLines: String {
        var out =
            "{\"format\":\"\(TouchTrace.formatName)\",\"version\":\(TouchTrace.version),\"board\":\(JSONValue.string(board).serialized),\"width\":\(width),\"height\":\(height)}\n"
        for frame in frames {
            out += "{\"t\":\(frame.time),\"contacts\":["
            for (i, c) in frame.contacts.enumerated() {
                if i > 0 { out += "," }
                out += "{\"id\":\(c.id),\"phase\":\"\(c.phase)\",\"x\":\(c.position.x.fixed(1)),\"y\":\(c.position.y.fixed(1))}"
            }
            out += "]}\n"
        }
        return out
    }

    /// Parses and checks a trace; errors name the file and line.
    public init(jsonLines text: String, path: String) throws(TraceError) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { throw TraceError(path: path, line: 1, problem: "the file is empty", fix: "record a trace with panelctl record") }
        func parse(_ line: String, _ number: Int) throws(TraceError) -> JSONValue {
            do { return try JSONValue.parse(line) } catch {
                throw TraceError(path: path, line: number, problem: "column \(error.column): \(error.message)", fix: "each line must be one JSON object")
            }
        }
        let header = try parse(first, 1)
        guard case .object(let members) = header else {
            throw TraceError(path: path, line: 1, problem: "the header is \(header.typeName)", fix: "the first line must be the trace header object")
        }
        for (key, _) in members where !["format", "version", "board", "width", "height"].contains(key) {
            throw TraceError(path: path, line: 1, problem: "unknown header key \"\(key)\"", fix: "remove it")
        }
        guard header["format"] == .string(TouchTrace.formatName) else {
            throw TraceError(
                path: path, line: 1, problem: "this is not a PanelKit touch trace (no \"format\": \"\(TouchTrace.formatName)\")",
                fix: "pass a file written by panelctl record")
        }
        guard let version = header["version"]?.integer else {
            throw TraceError(path: path, line: 1, problem: "\"version\" is missing", fix: "add \"version\": 1")
        }
        guard version <= TouchTrace.version, version >= 1 else {
            throw TraceError(
                path: path, line: 1, problem: "version \(version) is not one this PanelKit reads (1…\(TouchTrace.version))",
                fix: "update PanelKit, or record the trace again")
        }
        guard case .string(let board) = header["board"] ?? .null else {
            throw TraceError(path: path, line: 1, problem: "\"board\" is missing", fix: "add the board's name")
        }
        guard let width = header["width"]?.integer, let height = header["height"]?.integer, width > 0, height > 0 else {
            throw TraceError(path: path, line: 1, problem: "\"width\" and \"height\" must be positive whole numbers", fix: "write the UI size in points")
        }
        self.init(board: board, width: width, height: height)
        var down: Set<UInt32> = []
        var ended: Set<UInt32> = []
        for (index, line) in lines.enumerated().dropFirst() {
            let n = index + 1
            if line.isEmpty { throw TraceError(path: path, line: n, problem: "empty line", fix: "remove it") }
            let value = try parse(line, n)
            guard case .object(let frameMembers) = value else {
                throw TraceError(path: path, line: n, problem: "a frame is \(value.typeName)", fix: "write {\"t\": …, \"contacts\": […]}")
            }
            for (key, _) in frameMembers where key != "t" && key != "contacts" {
                throw TraceError(path: path, line: n, problem: "unknown key \"\(key)\"", fix: "a frame has \"t\" and \"contacts\" only")
            }
            guard let t = value["t"]?.integer, t >= 0 else {
                throw TraceError(
                    path: path, line: n, problem: "\"t\" must be a whole number of microseconds ≥ 0", fix: "write \"t\": microseconds since the first frame")
            }
            if let last = frames.last, t < last.time {
                throw TraceError(path: path, line: n, problem: "time goes backwards (\(t) after \(last.time))", fix: "frames must be in time order")
            }
            guard case .array(let items) = value["contacts"] ?? .null, !items.isEmpty, items.count <= TouchFrame.capacity else {
                throw TraceError(
                    path: path, line: n, problem: "\"contacts\" must list 1 to \(TouchFrame.capacity) contacts",
                    fix: "write the contacts that changed in this frame")
            }
            var contacts: [Frame.Contact] = []
            for item in items {
                guard case .object(let cm) = item else {
                    throw TraceError(path: path, line: n, problem: "a contact is \(item.typeName)", fix: "write {\"id\":…,\"phase\":…,\"x\":…,\"y\":…}")
                }
                for (key, _) in cm where !["id", "phase", "x", "y"].contains(key) {
                    throw TraceError(path: path, line: n, problem: "unknown contact key \"\(key)\"", fix: "a contact has id, phase, x and y")
                }
                guard let id = item["id"]?.integer, id > 0, id <= Int(UInt32.max) else {
                    throw TraceError(path: path, line: n, problem: "a contact's \"id\" must be a positive whole number", fix: "number each touch")
                }
                guard case .string(let phaseText) = item["phase"] ?? .null,
                    let phase = [TouchPhase.began, .moved, .stationary, .ended, .cancelled].first(where: { $0.description == phaseText })
                else {
                    throw TraceError(
                        path: path, line: n, problem: "touch \(id) has no valid \"phase\"", fix: "use began, moved, stationary, ended or cancelled")
                }
                guard let x = item["x"]?.double, let y = item["y"]?.double, x.isFinite, y.isFinite else {
                    throw TraceError(path: path, line: n, problem: "touch \(id) needs numeric \"x\" and \"y\"", fix: "write the position in UI points")
                }
                guard x >= 0, y >= 0, x <= Double(width), y <= Double(height) else {
                    throw TraceError(
                        path: path, line: n, problem: "touch \(id) at (\(x.fixed(1)), \(y.fixed(1))) is outside the \(width)×\(height) screen",
                        fix: "write positions in UI points, from 0 to the header's width and height")
                }
                let identity = UInt32(id)
                if contacts.contains(where: { $0.id == identity }) {
                    throw TraceError(path: path, line: n, problem: "touch \(id) appears twice in one frame", fix: "list each touch once per frame")
                }
                switch phase {
                case .began:
                    if down.contains(identity) || ended.contains(identity) {
                        throw TraceError(path: path, line: n, problem: "touch \(id) begins twice", fix: "give each new touch a new id")
                    }
                    down.insert(identity)
                case .moved, .stationary:
                    guard down.contains(identity) else {
                        throw TraceError(
                            path: path, line: n, problem: "touch \(id) moves but never began (or already ended)", fix: "start it with a \"began\" frame")
                    }
                case .ended, .cancelled:
                    guard down.contains(identity) else {
                        throw TraceError(
                            path: path, line: n, problem: "touch \(id) ends but never began (or ended before)", fix: "each touch ends exactly once")
                    }
                    down.remove(identity)
                    ended.insert(identity)
                }
                contacts.append(.init(id: identity, phase: phase, position: Point(x: x, y: y)))
            }
            frames.append(Frame(time: Int64(t), contacts: contacts))
        }
        if let open = down.min() {
            throw TraceError(path: path, line: lines.count, problem: "touch \(open) never ends", fix: "end or cancel every touch before the end of the trace")
        }
    }
}

/// A trace that cannot be loaded: the file, the line, what is wrong and the fix.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The trace file.
    public var path: String
    /// The line of the problem (1-based).
    public var line: Int
    /// What is wrong.
    public var problem: String
    /// How to fix the file.
    public var fix: String
    /// `path:line: problem; fix`.
    public var description: String { "\(path):\(line): \(problem); \(fix)" }
}
