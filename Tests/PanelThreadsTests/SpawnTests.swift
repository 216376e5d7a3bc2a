#if canImport(Glibc)
import Glibc
import PanelThreads
import Synchronization
import Testing

@Suite("spawn starts PanelKit's threads: named, joined, their failures typed")
struct SpawnTests {
    /// The calling thread's name, from /proc.
    private static func currentName() -> String {
        let descriptor = open("/proc/thread-self/comm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = read(descriptor, &buffer, buffer.count)
        return String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).trimmingSuffix("\n")
    }

    @Test("a spawned thread runs its body under its name, and join waits for the body to end")
    func runsNamedAndJoins() throws {
        let seen = Mutex<String?>(nil)
        let thread = try spawn(name: "panelkit-test") { seen.withLock { $0 = Self.currentName() } }
        thread.join()
        #expect(seen.withLock { $0 } == "panelkit-test")
    }

    @Test("a name longer than the kernel keeps is cut to its first 15 bytes")
    func longNameCut() throws {
        let seen = Mutex<String?>(nil)
        try spawn(name: "panelkit-a-very-long-name") { seen.withLock { $0 = Self.currentName() } }.join()
        #expect(seen.withLock { $0 } == "panelkit-a-very")
    }

    @Test("a real-time priority outside 1–99 is refused as realtimeDenied, naming the priority")
    func absurdPriorityRefused() {
        #expect(throws: SpawnError.realtimeDenied(priority: 500, errno: EINVAL)) {
            _ = try spawn(name: "panelkit-rt", priority: .realtime(500)) {}
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
#endif
