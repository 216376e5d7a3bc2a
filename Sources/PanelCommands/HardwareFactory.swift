// The composition root: the only file that turns a Board into drivers, buses, lines and
// framebuffers. Everything else in panelctl sees the erased `TouchInput` and `any Framebuffer`.
import PanelBoards
import PanelCore
import PanelGraphics
import PanelTesting
import TouchControllers
#if os(Linux)
import PanelLinux
#endif

/// What the pipeline counted, independent of the driver type.
struct InputStatistics: Sendable {
    var reports: UInt64 = 0
    var errors: UInt64 = 0
    var recoveries: UInt64 = 0
    var watchdogCancels: UInt64 = 0
    var framesEmitted: UInt64 = 0
    var lastError: TouchSourceError?
}

/// An input pipeline driven step by step on the caller's thread (the bench).
protocol SteppedInput: AnyObject {
    func step(timeout: MonotonicDuration?)
    var statistics: InputStatistics { get }
}

final class PipelineBox<Source: TouchSource, Clock: MonotonicClock>: SteppedInput {
    var pipeline: TouchPipeline<Source, Clock>
    init(_ pipeline: TouchPipeline<Source, Clock>) { self.pipeline = pipeline }
    func step(timeout: MonotonicDuration?) { pipeline.step(timeout: timeout) }
    var statistics: InputStatistics {
        let s = pipeline.statistics
        return InputStatistics(reports: s.reports, errors: s.errors, recoveries: s.recoveries,
                               watchdogCancels: s.watchdogCancels, framesEmitted: s.framesEmitted, lastError: s.lastError)
    }
}

/// The bench: an emulated chip on the mock bus, driven by the real driver, in virtual time.
final class Bench {
    enum Chip {
        case focaltech(FT6x06Emulator)
        case goodix(GT911Emulator)
    }

    let board: Board
    let clock: ManualClock
    let queue: EventQueue
    let chip: Chip
    let input: any SteppedInput
    /// What the driver read from the chip at start (probe's output).
    let identification: [String]
    /// The transform the driver uses (with the chip's own resolution for a GT911).
    let transform: TouchscreenTransform
    /// Where a finger on the glass lands in controller coordinates: the transform without the
    /// board's calibration (a miscalibrated panel reports the same raw numbers either way).
    var glass: TouchscreenTransform {
        var t = transform
        t.calibration = nil
        return t
    }

    init(board: Board, queueCapacity: Int = 64) throws(CommandFailure) {
        guard board.isMock else { throw CommandFailure("\(board.name) is not a mock board") }
        self.board = board
        let clock = ManualClock()
        clock.recordsSleeps = false
        self.clock = clock
        queue = EventQueue(capacity: queueCapacity)
        let interrupt = board.touch.interrupt.map { _ in MockLine(name: "int", clock: clock) }
        interrupt?.recordsHistory = false
        let reset = board.touch.reset.map { _ in MockLine(name: "reset", clock: clock, direction: .output) }
        reset?.recordsHistory = false
        var transform = board.transform()
        do {
            switch board.touch.driver {
            case .focaltech:
                let emulator = FT6x06Emulator(
                    address: board.touch.address ?? .ft6x06, chipID: Bench.focalTechChipID(board.touch.compatible),
                    maxPoints: board.touch.maxContacts ?? 2, interrupt: interrupt, reset: reset, clock: clock)
                try interrupt?.configureAsInput(edges: .rising, bias: .asIs)
                var configuration = FT6x06<FT6x06Emulator, MockLine, MockLine, ManualClock>.Configuration(transform: transform)
                configuration.address = board.touch.address ?? .ft6x06
                configuration.maxContacts = board.touch.maxContacts
                configuration.pollInterval = .milliseconds(Int64(board.touch.pollIntervalMilliseconds))
                var pipeline = TouchPipeline(
                    source: FT6x06(bus: emulator, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration),
                    queue: queue, clock: clock)
                try pipeline.start()
                identification = pipeline.source.info.map(describe) ?? []
                chip = .focaltech(emulator)
                input = PipelineBox(pipeline)
            case .goodix:
                let emulator = GT911Emulator(interrupt: interrupt, reset: reset, clock: clock)
                var configuration = GT911<GT911Emulator, MockLine, MockLine, ManualClock>.Configuration(transform: transform)
                configuration.address = board.touch.address ?? .gt911Primary
                configuration.maxContacts = board.touch.maxContacts
                configuration.pollInterval = .milliseconds(Int64(board.touch.pollIntervalMilliseconds))
                var pipeline = TouchPipeline(
                    source: GT911(bus: emulator, reset: reset, interrupt: interrupt, clock: clock, configuration: configuration),
                    queue: queue, clock: clock)
                try pipeline.start()
                identification = pipeline.source.info.map(describe) ?? []
                if let info = pipeline.source.info {
                    transform.controllerWidth = info.xResolution
                    transform.controllerHeight = info.yResolution
                }
                chip = .goodix(emulator)
                input = PipelineBox(pipeline)
            case .evdev:
                throw CommandFailure("\(board.name): a mock board needs an emulated chip (focaltech or goodix), not linux,evdev")
            }
        } catch let error as TouchSourceError {
            throw CommandFailure("\(board.name): the emulated controller did not start: \(error)")
        } catch let error as GPIOError {
            throw CommandFailure("\(board.name): \(error)")
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure("\(board.name): \(error)")
        }
        self.transform = transform
    }

    static func focalTechChipID(_ compatible: String) -> UInt8 {
        switch compatible {
        case "focaltech,ft6206": 0x06
        case "focaltech,ft6236": 0x36
        case "focaltech,ft6336": 0x64
        default: 0x55  // the FT5x06 family
        }
    }

    private var playing: [TouchScript] = []

    /// Schedules a script's fingers on the emulated chip, in UI points of the glass (where the
    /// fingers physically are; the board's calibration then corrects what the chip reports);
    /// returns when it ends.
    @discardableResult
    func play(_ script: TouchScript) -> MonotonicInstant {
        let glass = self.glass
        let mapped = script.mapped { point in
            let raw = glass.controllerPoint(for: point) ?? (0, 0)
            return Point(x: Double(raw.x), y: Double(raw.y))
        }
        switch chip {
        case .focaltech(let emulator): mapped.play(on: emulator, clock: clock)
        case .goodix(let emulator): mapped.play(on: emulator, clock: clock)
        }
        playing = [mapped]
        return mapped.end()
    }

    /// Steps the input pipeline until `end` (virtual time), calling `afterEachStep` each time.
    func run(until end: MonotonicInstant, afterEachStep: () -> Void) {
        while clock.now < end {
            input.step(timeout: .milliseconds(20))
            afterEachStep()
        }
    }
}

func describe(_ info: FT6x06<FT6x06Emulator, MockLine, MockLine, ManualClock>.ChipInfo) -> [String] {
    describeFocalTech(chip: "\(info.chip)", vendor: info.vendorID, firmware: info.firmwareVersion, library: info.libraryVersion, contacts: info.maxContacts)
}

func describeFocalTech(chip: String, vendor: UInt8, firmware: UInt8, library: UInt16, contacts: Int) -> [String] {
    [
        "chip: \(chip) (FocalTech), vendor 0x\(hex(vendor, digits: 2)), firmware \(firmware), library 0x\(hex(library, digits: 4))",
        "contacts: \(contacts)",
    ]
}

func describe(_ info: GT911<GT911Emulator, MockLine, MockLine, ManualClock>.ChipInfo) -> [String] {
    describeGoodix(product: info.productID, variant: "\(info.variant)", firmware: info.firmwareVersion, address: info.address,
                   config: info.configVersion, width: info.xResolution, height: info.yResolution, contacts: info.maxContacts)
}

func describeGoodix(product: String, variant: String, firmware: UInt16, address: I2CAddress, config: UInt8, width: Int, height: Int, contacts: Int) -> [String] {
    [
        "chip: Goodix GT\(product) (\(variant)) at \(address), firmware 0x\(hex(firmware, digits: 4))",
        "configuration: version 0x\(hex(config, digits: 2)) (\(Character(Unicode.Scalar(config)).isLetter ? "'\(Character(Unicode.Scalar(config)))'" : "binary")), resolution \(width)×\(height), contacts: \(contacts)",
    ]
}

/// Makes the board's framebuffer: memory on the bench, `/dev/fbN` on a board (checked against
/// the board's panel size).
func makeFramebuffer(for board: Board) throws(CommandFailure) -> any Framebuffer {
    switch board.display.device {
    case .memory:
        let format: PixelFormat = switch board.display.format {
        case .rgb565: .rgb565
        case .bgr565: .bgr565
        case .xrgb8888: .xrgb8888
        case .argb8888: .argb8888
        case .xbgr8888: .xbgr8888
        case .abgr8888: .abgr8888
        }
        return MemoryFramebuffer(width: board.display.width, height: board.display.height, format: format)
    case .framebuffer(let path):
        #if os(Linux)
        let framebuffer: LinuxFramebuffer
        do {
            framebuffer = try LinuxFramebuffer(path: path)
        } catch {
            throw CommandFailure("\(path): \(error)")
        }
        let g = framebuffer.geometry
        if g.width != board.display.width || g.height != board.display.height {
            throw CommandFailure("\(board.path ?? board.name): display.width/height say \(board.display.width)×\(board.display.height) but \(path) is \(g.width)×\(g.height); fix the board file (or the video mode: fbset, config.txt)")
        }
        return framebuffer
        #else
        throw CommandFailure("\(path): framebuffer devices need Linux")
        #endif
    }
}
