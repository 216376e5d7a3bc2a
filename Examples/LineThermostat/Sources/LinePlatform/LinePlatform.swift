import Glibc
public import PanelCore
public import PanelGraphics
public import PanelPlatform

/// A PanelKit platform that takes its touches as lines of text from a file descriptor (a pipe,
/// a FIFO, a serial console) and keeps its frames in memory, writing a PNG when a line asks.
/// Written outside PanelKit, through its public API only: what any third-party backend (a
/// Wayland shell, a VNC server, an SPI display) has to provide.
///
/// The lines, in UI points: `down X Y`, `move X Y`, `up`, `wait MS` (the input pauses, while
/// the app runs on), `shot NAME` (writes `NAME.png` into the screenshot directory), `quit`;
/// `#` starts a comment. A line it cannot read is counted as an input error, named in
/// ``inputStatistics``, and skipped; the end of the input stops the platform.
@MainActor
public final class LinePlatform: Platform {
    public let name = "lines"
    /// The memory display; it counts the frames presented.
    public let display: CountingFramebuffer
    public var framebuffer: any Framebuffer { display }
    public let clock: any MonotonicClock = SystemClock()
    /// Touches are pushed on the main thread before the turn that drains them: no wake-up needed.
    public let eventQueue = EventQueue(capacity: 64)
    public var identification: [String] {
        ["lines: touches from descriptor \(input), a \(display.geometry.width)×\(display.geometry.height) memory display"]
    }
    public private(set) var inputStatistics = InputStatistics()
    /// The screenshots written, by name.
    public private(set) var screenshots: [String] = []

    private let input: Int32
    private let screenshotDirectory: String
    private var tracker = TouchTracker(watchdogTimeout: nil)
    private var buffered: [UInt8] = []
    private var lines: [String] = []
    private var lineNumber = 0
    private var resumeAt: MonotonicInstant?
    private var position = Point.zero
    private var stopping = false
    private var ended = false

    /// A platform reading `input` (it is not closed) for a display of `width`×`height`
    /// pixels, writing its screenshots into `screenshotDirectory`.
    /// - Throws: `PanelKitError` when the display has no pixels.
    public init(width: Int, height: Int, input: Int32, screenshotDirectory: String = ".") throws(PanelKitError) {
        guard width > 0, height > 0 else {
            throw PanelKitError(.display, "lines: a \(width)×\(height) display has no pixels; give the board's size")
        }
        display = CountingFramebuffer(MemoryFramebuffer(width: width, height: height))
        self.input = input
        self.screenshotDirectory = screenshotDirectory
    }

    public func start(client: any RunLoopClient) throws(PanelKitError) {
        guard fcntl(input, F_GETFD) != -1 else {
            throw PanelKitError(.touch, "lines: descriptor \(input) is not open; give the platform the read end of a pipe or a file")
        }
        stopping = false
    }

    /// Handles the lines already read; then sleeps in poll(2) until more input, `deadline` or the
    /// end of a `wait`.
    public func waitForEvents(until deadline: MonotonicInstant?) -> Bool {
        guard !stopping else { return false }
        if let resume = resumeAt, clock.now >= resume { resumeAt = nil }
        if resumeAt == nil, !lines.isEmpty {
            handle(lines.removeFirst())
            return !stopping
        }
        if ended && lines.isEmpty && resumeAt == nil {
            stopping = true
            return false
        }
        var wake = deadline
        if let resume = resumeAt { wake = wake.map { min($0, resume) } ?? resume }
        let timeout: Int32 = wake.map { Int32(clamping: (max(0, ($0 - clock.now).nanoseconds) + 999_999) / 1_000_000) } ?? -1
        if ended {
            // Only a `wait` is left: sleep to its end (or the app's next timer).
            if timeout > 0 { usleep(UInt32(clamping: Int(timeout) * 1000)) }
        } else {
            var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, timeout) > 0 { readInput() }
        }
        return !stopping
    }

    public func stop() { stopping = true }

    public func shutDown() -> InputStatistics {
        tracker.cancelAll(at: clock.now) { frame in _ = eventQueue.push(frame) }
        return inputStatistics
    }

    private func readInput() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        guard n > 0 else {
            ended = true
            if !buffered.isEmpty { lines.append(String(decoding: buffered, as: UTF8.self)) }
            buffered = []
            return
        }
        buffered += chunk[0 ..< n]
        while let newline = buffered.firstIndex(of: 10) {
            lines.append(String(decoding: buffered[..<newline], as: UTF8.self))
            buffered.removeSubrange(...newline)
        }
    }

    private func handle(_ line: String) {
        lineNumber += 1
        let words = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?.split(separator: " ") ?? []
        guard let verb = words.first else { return }
        let numbers = words.dropFirst().map { Double($0) }
        switch (verb, numbers.count) {
        case ("down", 2), ("move", 2):
            guard let x = numbers[0], let y = numbers[1], x.isFinite, y.isFinite else { return refuse(line) }
            position = Point(x: x, y: y)
            report(TouchFrame(timestamp: clock.now, contacts: [Contact(trackID: 0, position: position)]))
        case ("up", 0):
            report(TouchFrame(timestamp: clock.now))
        case ("wait", 1):
            guard let ms = numbers[0], ms >= 0, ms <= 3_600_000 else { return refuse(line) }
            resumeAt = clock.now + .milliseconds(Int64(ms))
        case ("shot", 1):
            let name = String(words[1])
            guard !name.contains("/") else { return refuse(line) }
            do {
                try display.writeScreenshot(to: "\(screenshotDirectory)/\(name).png")
                screenshots.append(name)
            } catch {
                fail("line \(lineNumber): \(name).png not written: \(error)")
            }
        case ("quit", 0):
            stopping = true
        default:
            refuse(line)
        }
    }

    private func report(_ frame: TouchFrame) {
        inputStatistics.reports += 1
        tracker.process(frame) { tracked in
            inputStatistics.framesEmitted += 1
            _ = eventQueue.push(tracked)
        }
    }

    private func refuse(_ line: String) {
        fail("line \(lineNumber): \"\(line)\" is not down X Y, move X Y, up, wait MS, shot NAME or quit")
    }

    private func fail(_ message: String) {
        inputStatistics.errors += 1
        inputStatistics.lastError = .device(description: "lines: \(message)")
    }
}

/// A memory display that counts the frames presented to it.
public final class CountingFramebuffer: Framebuffer {
    /// Where the frames are.
    public let memory: MemoryFramebuffer
    /// Frames presented.
    public private(set) var presented = 0

    /// Counts the frames presented to `memory`.
    public init(_ memory: MemoryFramebuffer) { self.memory = memory }

    public var geometry: FramebufferGeometry { memory.geometry }

    public func withBackBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R {
        try memory.withBackBuffer(body)
    }

    public func present(_ region: DirtyRegion) throws(FramebufferError) {
        try memory.present(region)
        presented += 1
    }

    public func withFrontBuffer<R, E: Error>(_ body: (PixelBuffer) throws(E) -> R) throws(E) -> R {
        try memory.withFrontBuffer(body)
    }
}
