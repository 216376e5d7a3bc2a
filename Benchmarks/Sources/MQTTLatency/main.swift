// MQTTLatency: a PanelKit app on the Linux epoll loop with a label bound to a value its MQTT
// client receives, measured end to end against a real mosquitto on loopback
// (Benchmarks/MQTT/run.sh starts the broker).
//
// usage: MQTTLatency PORT [messages=500] [idle-seconds=10] [broker-pid]
// A second client in the same app publishes the send time (CLOCK_MONOTONIC) every 20 ms; the
// subscriber's handler sets an @Observable model on the main actor, the label reads it in
// updateProperties, and the frame with the new text is drawn into an 800x480 memory
// framebuffer. Publish → presented frame, per message. Then the publisher stops and the app
// idles with its connection open: the UI loop's wake-ups and every thread's context switches
// are counted (of the threads alive throughout). The resident memory the MQTT clients add: VmRSS with both clients connected and
// after the run, minus before they were made. With the broker's pid: then 200 frames of a label
// changed every 20 ms by a timer are timed (the timer's turn: update, layout, draw, present) with
// the broker up, stopped (SIGSTOP: a hung broker) and killed (SIGKILL: gone, the client
// reconnecting): the UI must not wait on the network.
// prints: panelkit-mqtt messages=<n> publish_to_pixel_p50_us=<> p99_us=<> max_us=<> lost=<>
//         idle_seconds=<> ui_wakeups=<> thread_context_switches=<> rss_before_kb=<> rss_added_kb=<>
//         [frame_up_p50_us=<> p99 … frame_hung_… frame_gone_… state_gone=<>]
import Glibc
import Observation
import PanelCore
import PanelGraphics
import PanelLinux
import PanelMQTT
import PanelPlatform
import PanelUI

@Observable
@MainActor
final class Latest {
    var text = "-"
    var sentAt: UInt64 = 0
}

@MainActor
final class ValueLabel: Label {
    let latest: Latest
    init(_ latest: Latest) {
        self.latest = latest
        super.init(frame: Rect(x: 20, y: 20, width: 400, height: 40))
    }
    override func updateProperties() { text = latest.text }
}

/// PanelKit's epoll loop and a memory framebuffer, as an app's own platform.
@MainActor
final class EpollPlatform: Platform {
    let name = "epoll"
    let framebuffer: any Framebuffer = MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888)
    let clock: any MonotonicClock = SystemClock()
    let eventQueue = EventQueue(capacity: 8)
    let identification: [String] = []
    let loop: LinuxRunLoop
    private var stopping = false
    init() throws { loop = try LinuxRunLoop(queueSignal: nil, clock: SystemClock()) }
    func start(client: any RunLoopClient) throws(PanelKitError) {}
    func waitForEvents(until deadline: MonotonicInstant?) -> Bool {
        guard !stopping else { return false }
        loop.wait(until: deadline)
        return !stopping
    }
    func stop() { stopping = true }
    func shutDown() -> InputStatistics { InputStatistics() }
    var inputStatistics: InputStatistics { InputStatistics() }
}

/// A field of /proc/self/status, in kB.
func status(_ field: String) -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return -1 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix(field + ":") { return Int(text.dropFirst(field.count + 1).filter(\.isNumber)) ?? -1 }
    }
    return -1
}

/// Voluntary and involuntary context switches of each thread of the process, by thread id.
func contextSwitches() -> [String: Int] {
    guard let directory = opendir("/proc/self/task") else { return [:] }
    defer { closedir(directory) }
    var switches: [String: Int] = [:]
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard name.first?.isNumber == true, let file = fopen("/proc/self/task/\(name)/status", "r") else { continue }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.contains("ctxt_switches:") { switches[name, default: 0] += Int(text.split(separator: ":")[1].filter(\.isNumber)) ?? 0 }
        }
        fclose(file)
    }
    return switches
}

/// The switches of the threads alive at both readings (libdispatch retires idle workers).
func switches(from before: [String: Int], to after: [String: Int]) -> Int {
    after.reduce(0) { total, entry in total + (before[entry.key].map { entry.value - $0 } ?? 0) }
}

let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
guard let portArgument = arguments.first, let port = portArgument, (1 ... 65_535).contains(port), arguments.allSatisfy({ ($0 ?? -1) >= 0 }) else {
    print("usage: MQTTLatency PORT [messages=500] [idle-seconds=10]  (whole numbers; run by Benchmarks/MQTT/run.sh)")
    exit(2)
}
let messages = arguments.count > 1 ? arguments[1]! : 500
let idleSeconds = arguments.count > 2 ? arguments[2]! : 10
let brokerPID = arguments.count > 3 ? pid_t(arguments[3]!) : nil

MainActor.assumeIsolated {
    do {
        let platform = try EpollPlatform()
        let application = Application(clock: platform.clock, eventQueue: platform.eventQueue)
        application.display = Display(framebuffer: platform.framebuffer)
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        application.addWindow(window)
        let latest = Latest()
        window.addSubview(ValueLabel(latest))
        window.makeKeyAndVisible()
        application.runOnce()
        let rssBefore = status("VmRSS")

        var configuration = MQTTConfiguration()
        configuration.port = port
        let subscriber = try MQTTClient(configuration: configuration)
        let publisher = try MQTTClient(configuration: configuration)
        subscriber.subscribe("bench/value") { message in
            latest.text = message.text ?? "?"
            latest.sentAt = UInt64(message.text ?? "") ?? 0
        }
        try subscriber.start()
        try publisher.start()

        var latencies: [Int64] = []
        var sent = 0
        var pending: UInt64 = 0
        var phase = "connecting"
        var idleStart: (wakeups: UInt64, switches: [String: Int], at: MonotonicInstant)?
        var feed: TimerHandle?
        var rssConnected = 0
        var idleReport = ""
        // The frames timed with the broker up, hung and gone.
        var frameTimer: TimerHandle?
        var framesLeft = 0
        var frameCount = 0
        var frameStartedAt: MonotonicInstant?
        var frameTimes: [String: [Int64]] = [:]
        var stateGone = ""
        feed = try application.scheduleTimer(after: .milliseconds(20), repeating: .milliseconds(20)) { _ in
            switch phase {
            case "connecting":
                guard subscriber.state == .online && publisher.state == .online else { return }
                phase = "warming"
                sent = 0
            case "warming", "measuring":
                if phase == "warming" && sent == 20 {
                    phase = "measuring"
                    latencies.removeAll()
                }
                if sent >= messages + 20 {
                    phase = "draining"
                    return
                }
                let now = SystemClock().now.nanoseconds
                try? publisher.publish("bench/value", "\(now)")
                sent += 1
            default:
                break
            }
        }
        try application.scheduleTimer(after: .milliseconds(120_000)) { _ in
            print("MQTTLatency: the run took longer than 2 minutes (the broker?)")
            platform.stop()
        }
        _ = try platform.run(application) {
            let presented = latest.sentAt
            if presented != 0 && presented != pending {
                pending = presented
                let now = SystemClock().now.nanoseconds
                if phase == "measuring" || phase == "draining" { latencies.append(Int64(now &- presented)) }
            }
            if let started = frameStartedAt, phase.hasPrefix("frames") {
                frameStartedAt = nil
                frameTimes[phase, default: []].append((platform.clock.now - started).nanoseconds)
                framesLeft -= 1
                if framesLeft == 0, let pid = brokerPID {
                    switch phase {
                    case "frames up":
                        kill(pid, SIGSTOP)
                        phase = "frames hung"
                        framesLeft = 200
                    case "frames hung":
                        kill(pid, SIGKILL)
                        phase = "frames gone"
                        framesLeft = 200
                    default:
                        stateGone = "\(subscriber.state)"
                        if let frameTimer { application.cancelTimer(frameTimer) }
                        platform.stop()
                    }
                }
            }
            if phase == "draining" && (latencies.count >= messages || sent > messages + 100) {
                phase = "idle"
                if let feed { application.cancelTimer(feed) }
                publisher.stop()
                rssConnected = status("VmRSS")
                // The idle window starts a second after the publisher stopped (its last events).
                _ = try? application.scheduleTimer(after: .milliseconds(1000)) { _ in
                    idleStart = (platform.loop.statistics.wakeups, contextSwitches(), platform.clock.now)
                    _ = try? application.scheduleTimer(after: .milliseconds(Int64(idleSeconds) * 1000)) { _ in
                        if let start = idleStart {
                            // Less the wake-up of this timer itself.
                            idleReport =
                                "idle_seconds=\(idleSeconds) ui_wakeups=\(platform.loop.statistics.wakeups - start.wakeups - 1) thread_context_switches=\(switches(from: start.switches, to: contextSwitches()))"
                        }
                        guard brokerPID != nil else {
                            platform.stop()
                            return
                        }
                        phase = "frames up"
                        framesLeft = 200
                        frameTimer = try? application.scheduleTimer(after: .milliseconds(20), repeating: .milliseconds(20)) { _ in
                            frameStartedAt = platform.clock.now
                            frameCount &+= 1
                            latest.text = "frame \(frameCount)"
                        }
                    }
                }
            }
        }
        latencies.sort()
        func percentile(_ q: Int) -> Double {
            latencies.isEmpty ? 0 : Double(latencies[min(latencies.count * q / 100, latencies.count - 1)]) / 1000
        }
        var frames = ""
        for (name, key) in [("up", "frames up"), ("hung", "frames hung"), ("gone", "frames gone")] {
            let sorted = (frameTimes[key] ?? []).sorted()
            guard !sorted.isEmpty else { continue }
            frames +=
                " frame_\(name)_p50_us=\(Double(sorted[sorted.count / 2]) / 1000) frame_\(name)_p99_us=\(Double(sorted[min(sorted.count * 99 / 100, sorted.count - 1)]) / 1000)"
        }
        if !stateGone.isEmpty { frames += " state_gone=\"\(stateGone)\"" }
        print(
            "panelkit-mqtt messages=\(latencies.count) publish_to_pixel_p50_us=\(percentile(50)) p99_us=\(percentile(99)) max_us=\(percentile(100))"
                + " lost=\(max(messages - latencies.count, 0)) \(idleReport) rss_before_kb=\(rssBefore) rss_added_kb=\(rssConnected - rssBefore)\(frames)")
        subscriber.stop()
    } catch {
        print("MQTTLatency: \(error)")
        exit(1)
    }
}
