// RemoteCost: what remote support (PanelRemote, VNC) costs a panel. An 800×480 XRGB8888 memory
// framebuffer with a ListView scrolled 7 points a frame at 60 Hz (every frame redraws most of
// the screen) for SECONDS, three ways:
//   off:     no server;
//   idle:    the server listening, no viewer;
//   viewer:  one viewer logged in, asking for incremental updates in ZRLE and reading them all.
// For each: the panel process's CPU (user + system, every thread, the viewer's own thread taken
// out; it counts the bytes it reads, no more), the context switches of the other threads, and with the viewer the bytes a second
// it received. Then, with the list still and the viewer connected, TAPS taps on a button through
// the viewer (pointer down and up): the time from the pointer event's send to the button's
// action, p50 and p99.
// usage: RemoteCost [seconds=5] [taps=200]
// prints: remote-cost mode=<m> cpu_percent=<> frames=<> bytes_per_second=<> server_switches=<>
//         remote-cost taps=<n> p50_us=<> p99_us=<>
import CVNCServer
import Glibc
import Logging
import PanelCore
import PanelGraphics
import PanelLinux
import PanelPlatform
import PanelRemote
import PanelThreads
import PanelUI
import Synchronization

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let seconds = arguments.first ?? 5
let taps = arguments.dropFirst().first ?? 200

/// What the viewer thread and the UI thread share.
final class Shared: Sendable {
    let bytes = Atomic<Int>(0)
    let stop = Atomic<Bool>(false)
    let viewerCPU = Atomic<Int>(0)
    let sent = Mutex<[MonotonicInstant]>([])
    let tapsWanted = Atomic<Int>(0)
}

@MainActor
final class Panel: ListDataSource {
    let application = Application(clock: SystemClock())
    let list: ListView
    let button = Button(frame: Rect(x: 600, y: 380, width: 160, height: 60))
    let loop: LinuxRunLoop
    var actions: [MonotonicInstant] = []
    var server: RemoteServer?
    let titles = (0 ..< 100).map { "Setting \($0)" }

    init() throws {
        application.display = Display(framebuffer: MemoryFramebuffer(width: 800, height: 480, format: .xrgb8888))
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        application.addWindow(window)
        window.makeKeyAndVisible()
        list = ListView(frame: window.bounds)
        window.addSubview(list)
        button.setTitle("Tap", for: .normal)
        window.addSubview(button)
        loop = try LinuxRunLoop(queueSignal: nil, clock: SystemClock())
        list.dataSource = self
        button.addAction(.closure("tap") { [unowned self] _, _ in actions.append(SystemClock().now) }, for: .touchUpInside)
        application.runOnce()
    }

    func numberOfRows(in list: ListView) -> Int { 10_000 }

    func list(_ list: ListView, cellForRowAt row: Int) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "setting", for: row)
        cell.textLabel.text = titles[row % titles.count]
        return cell
    }

    func startServer(password file: String) throws {
        server = try RemoteServer(
            configuration: RemoteConfiguration(port: 0, passwordFile: file), application: application, watcher: loop,
            logger: Logger(label: "remote-cost") { _ in SwiftLogNoOpLogHandler() })
    }

    /// Scrolls at 60 Hz for `seconds`, or (scrolling false) turns the loop until `done`.
    func run(seconds: Int, scrolling: Bool = true, until done: () -> Bool = { false }) -> Int {
        let clock = SystemClock()
        let end = clock.now + .seconds(Int64(seconds))
        var next = clock.now
        var frames = 0
        while clock.now < end && !done() {
            if scrolling {
                let maximum = list.contentSize.height - list.bounds.height
                let y = list.contentOffset.y + 7 > maximum ? 0 : list.contentOffset.y + 7
                list.contentOffset = Point(x: 0, y: y)
                frames += 1
            }
            application.runOnce()
            next = next + .nanoseconds(16_666_667)
            _ = loop.wait(until: next, timeout: nil)
        }
        return frames
    }
}

/// CPU time of the whole process, in microseconds.
func processCPU() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
}

/// Context switches of the threads other than this one and the viewer's (LibVNCServer's).
func otherThreadSwitches(excluding: Set<Int32>) -> Int {
    var total = 0
    guard let dir = opendir("/proc/self/task") else { return 0 }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard let tid = Int32(name), !excluding.contains(tid), let file = fopen("/proc/self/task/\(name)/status", "r") else { continue }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, 256, file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("voluntary_ctxt_switches") || text.hasPrefix("nonvoluntary_ctxt_switches") {
                total += Int(text.split(separator: ":").last?.trimmingPrefix(while: { $0 == " " || $0 == "\t" }).prefix { $0.isNumber } ?? "") ?? 0
            }
        }
    }
    return total
}

/// The viewer: logs in, asks for ZRLE, then for incremental updates of the whole screen,
/// reading each update whole before asking again; sends a tap when asked.
func viewer(port: UInt16, password: String, shared: Shared, button: (x: Int, y: Int)) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var sa = sockaddr_in()
    sa.sin_family = sa_family_t(AF_INET)
    sa.sin_port = port.bigEndian
    sa.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &sa) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    precondition(connected == 0, "connect: \(errno)")
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
    func read(_ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = out.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + got, count - got, 0) }
            precondition(n > 0, "the server closed the viewer")
            got += n
        }
        shared.bytes.add(count, ordering: .relaxed)
        return out
    }
    func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    send(Array("RFB 003.008\n".utf8))
    _ = read(12)
    let types = read(Int(read(1)[0]))
    precondition(types.contains(2), "no VNC authentication offered")
    send([2])
    var challenge = read(16)
    var key = Array(password.utf8CString)
    challenge.withUnsafeMutableBufferPointer { c in key.withUnsafeMutableBufferPointer { rfbEncryptBytes(c.baseAddress, $0.baseAddress) } }
    send(challenge)
    precondition(read(4) == [0, 0, 0, 0], "password refused")
    send([1])
    let header = read(24)
    let nameLength = Int(header[20]) << 24 | Int(header[21]) << 16 | Int(header[22]) << 8 | Int(header[23])
    _ = read(nameLength)
    send([2, 0] + be16(1) + [0, 0, 0, 16])  // SetEncodings: ZRLE
    var incremental: UInt8 = 0
    var tapsSent = 0
    var awaiting = false
    while !shared.stop.load(ordering: .relaxed) {
        if tapsSent < shared.tapsWanted.load(ordering: .relaxed) {
            shared.sent.withLock { $0.append(SystemClock().now) }
            send([5, 1] + be16(button.x) + be16(button.y))
            send([5, 0] + be16(button.x) + be16(button.y))
            tapsSent += 1
        }
        if !awaiting {
            send([3, incremental] + be16(0) + be16(0) + be16(800) + be16(480))
            incremental = 1
            awaiting = true
        }
        // Waits up to 20 ms for the update (none comes while the screen does not change).
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 20) == 1 else { continue }
        // One FramebufferUpdate: its rectangles' headers, each ZRLE rectangle's length and data.
        let message = read(4)
        precondition(message[0] == 0, "not a FramebufferUpdate: \(message[0])")
        let rects = Int(message[2]) << 8 | Int(message[3])
        for _ in 0 ..< rects {
            let rect = read(12)
            let encoding = Int32(bitPattern: UInt32(rect[8]) << 24 | UInt32(rect[9]) << 16 | UInt32(rect[10]) << 8 | UInt32(rect[11]))
            precondition(encoding == 16, "encoding \(encoding), not ZRLE")
            let length = read(4)
            _ = read(Int(length[0]) << 24 | Int(length[1]) << 16 | Int(length[2]) << 8 | Int(length[3]))
        }
        awaiting = false
        var cpu = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
        shared.viewerCPU.store(cpu.tv_sec * 1_000_000 + cpu.tv_nsec / 1000, ordering: .relaxed)
    }
    close(fd)
}

MainActor.assumeIsolated {
    let panel = try! Panel()
    let password = "bench123"
    let file = "/tmp/remote-cost-\(getpid())"
    let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = password.withCString { write(fd, $0, strlen($0)) }
    close(fd)
    defer { unlink(file) }
    func report(_ mode: String, frames: Int, cpu: Int, bytes: Int, switches: Int) {
        let percent = Double(cpu) / Double(seconds * 1_000_000) * 100
        print(
            "remote-cost mode=\(mode) cpu_percent=\((percent * 10).rounded() / 10) frames=\(frames) bytes_per_second=\(bytes / seconds) server_switches=\(switches)"
        )
    }
    let me = getpid()  // the main thread's id is the process's
    // Off.
    var cpu = processCPU()
    var frames = panel.run(seconds: seconds)
    report("off", frames: frames, cpu: processCPU() - cpu, bytes: 0, switches: 0)
    // On, no viewer.
    try! panel.startServer(password: file)
    var switches = otherThreadSwitches(excluding: [me])
    cpu = processCPU()
    frames = panel.run(seconds: seconds)
    report("idle", frames: frames, cpu: processCPU() - cpu, bytes: 0, switches: otherThreadSwitches(excluding: [me]) - switches)
    // One viewer watching.
    let shared = Shared()
    let port = panel.server!.port
    let center = (x: Int(panel.button.frame.center.x), y: Int(panel.button.frame.center.y))
    let thread = try! spawn(name: "viewer") { viewer(port: port, password: password, shared: shared, button: center) }
    _ = panel.run(seconds: 1)  // logs in, gets the first whole screen
    let bytesBefore = shared.bytes.load(ordering: .relaxed)
    switches = otherThreadSwitches(excluding: [me])
    let viewerBefore = shared.viewerCPU.load(ordering: .relaxed)
    cpu = processCPU()
    frames = panel.run(seconds: seconds)
    // The viewer thread's CPU is not the panel's.
    let watched = processCPU() - cpu - (shared.viewerCPU.load(ordering: .relaxed) - viewerBefore)
    let bytes = shared.bytes.load(ordering: .relaxed) - bytesBefore
    let serverSwitches = otherThreadSwitches(excluding: [me]) - switches
    // Taps through the viewer, the list still.
    shared.tapsWanted.store(taps, ordering: .relaxed)
    _ = panel.run(seconds: 60, scrolling: false) { panel.actions.count >= taps }
    shared.stop.store(true, ordering: .relaxed)
    _ = panel.run(seconds: 1, scrolling: false)
    thread.join()
    report("viewer", frames: frames, cpu: watched, bytes: bytes, switches: serverSwitches)
    let sent = shared.sent.withLock { $0 }
    var latencies: [Int64] = []
    for (send, action) in zip(sent, panel.actions) { latencies.append((action - send).nanoseconds / 1000) }
    latencies.sort()
    if !latencies.isEmpty {
        print(
            "remote-cost taps=\(latencies.count) p50_us=\(latencies[latencies.count / 2]) p99_us=\(latencies[min(latencies.count - 1, latencies.count * 99 / 100)])"
        )
    }
    panel.server?.stop()
}
