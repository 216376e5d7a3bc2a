import PanelCore
import PanelPlatform
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the MainActorProbe app (built beside this test bundle) with `arguments`; returns its
/// exit status and output. An app's main is synchronous: its main thread's loop runs the main
/// actor's jobs, which a test runner's main queue (libdispatch's own) never lets it do. The
/// probe inherits this thread's signal mask, with SIGINT and SIGTERM blocked, as a launcher
/// built on libdispatch hands it down.
func runProbe(_ arguments: [String]) throws -> (status: Int32, output: String) {
    var executable = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &executable, executable.count - 1)
    try #require(length > 0)
    let directory = String(decoding: executable[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: "/").dropLast().joined(
        separator: "/")
    let probe = "/\(directory)/MainActorProbe"
    try #require(access(probe, X_OK) == 0, "MainActorProbe is built beside the tests: \(probe)")
    var pipeEnds: [Int32] = [-1, -1]
    try #require(pipe(&pipeEnds) == 0)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    let argv = ([probe] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, probe, &actions, nil, argv, environ)
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    try #require(spawned == 0)
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(pipeEnds[0], &buffer, buffer.count)
        if count <= 0 { break }
        output += buffer[..<count]
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return ((status >> 8) & 0xff, String(decoding: output, as: UTF8.self))
}

@Suite("The main actor runs on every platform's loop, in an app's process")
struct MainActorLoopTests {
    @Test("a headless session runs Task, Task.sleep and awaited work from viewDidLoad, holds virtual time for a reply, and sleeps on its own clock")
    func headlessSession() throws {
        let (status, output) = try runProbe(["headless"])
        #expect(status == 0, "\(output)")
    }

    @Test("the epoll loop wakes for a task, a continuation after Task.sleep, an AsyncStream and MainActor.run, and not when idle")
    func epollLoop() throws {
        let (status, output) = try runProbe(["epoll"])
        #expect(status == 0, "\(output)")
    }

    @Test("at SIGTERM a controller's running task is cancelled, sees it, and the app stops within 100 ms and exits 0")
    func sigtermCancelsTasks() throws {
        let (status, output) = try runProbe(["sigterm"])
        let exited = SystemClock().now.nanoseconds
        #expect(status == 0, "\(output)")
        func time(_ prefix: String) -> UInt64? {
            output.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { UInt64($0.dropFirst(prefix.count)) }
        }
        let signalled = try #require(time("sigterm at "), "\(output)")
        let stopped = try #require(time("stopped at "), "\(output)")
        // The app's own stop, measured in it; the process's exit as this test sees it (after
        // the kernel and a loaded machine have scheduled both) is only bounded loosely.
        #expect(stopped - signalled < 100_000_000, "the app stopped \((stopped - signalled) / 1_000_000) ms after SIGTERM")
        #expect(exited - signalled < 1_000_000_000, "the process ended \((exited - signalled) / 1_000_000) ms after SIGTERM")
    }

    @Test("10 000 main-actor jobs queued at once all run without holding a turn back 50 ms")
    func flood() throws {
        let (status, output) = try runProbe(["flood"])
        #expect(status == 0, "\(output)")
    }
}

#if Simulator
@Suite("The main actor runs on the simulator's loop, in an app's process")
struct SimulatorMainActorTests {
    @Test("the simulator's SDL loop wakes for a task and its continuation after Task.sleep")
    func simulatorLoop() throws {
        let (status, output) = try runProbe(["simulator"])
        #expect(status == 0, "\(output)")
    }
}
#endif

/// The probe again inside the kernel testbed (`scripts/test-kernel` copies it beside the test
/// bundle): PanelKit's epoll loop and libdispatch's main queue on a stock Debian kernel under
/// QEMU, as on a board.
@Suite("KernelMainActor: the main actor on the epoll loop of a stock Debian kernel", .enabled(if: getenv("TESTBED") != nil), .serialized)
struct KernelMainActorTests {
    @Test("on the testbed's kernel the epoll loop wakes for a task, a Task.sleep, an AsyncStream and MainActor.run, and not when idle")
    func epollLoop() throws {
        let (status, output) = try runProbe(["epoll"])
        #expect(status == 0, "\(output)")
    }

    @Test("on the testbed's kernel SIGTERM cancels a controller's running task and the app exits 0")
    func sigterm() throws {
        let (status, output) = try runProbe(["sigterm"])
        #expect(status == 0, "\(output)")
    }
}
