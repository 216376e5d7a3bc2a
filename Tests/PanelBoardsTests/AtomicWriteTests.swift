import Glibc
import PanelBoards
import PanelControllers
import PanelCore
import Testing

@testable import PanelFiles

/// Every file PanelKit writes is written atomically: a crash between any two steps leaves the
/// old calibration whole and valid, and a full or read-only disk is one error naming the path.
@Suite("Atomic writes")
struct AtomicWriteTests {
    let directory = temporaryDirectory()
    var loader: BoardLoader { BoardLoader(searchPath: [boardsDirectory], calibrationDirectory: directory) }
    var file: String { loader.calibrationFile(for: "mock")! }
    static let old = CalibrationMatrix(a0: 0.96, a1: 0, a2: -8, a3: 0, a4: 1.03, a5: 7)
    static let new = CalibrationMatrix(a0: 1.10, a1: 0, a2: 4, a3: 0, a4: 0.90, a5: -3)

    func save(_ matrix: CalibrationMatrix, fault: @escaping (AtomicWriteStep) -> AtomicWriteFault? = { _ in nil }) throws(FileError) -> Bool {
        var write = AtomicFileWrite(path: file)
        write.fault = fault
        return try write.run(Array(CalibrationOverride(board: "mock", matrix: matrix).json.utf8))
    }

    func loadedA0() throws -> Double? {
        try loader.load("mock").touch.calibration.map { Double($0.a0) }
    }

    @Test("a crash before any step of a write leaves the old calibration whole and loadable", arguments: AtomicWriteStep.allCases)
    func crashLeavesOldFile(step: AtomicWriteStep) throws {
        #expect(try save(Self.old))
        let completed = try save(Self.new) { $0 == step ? .crash : nil }
        #expect(!completed)
        let a0 = try #require(try loadedA0())
        if step == .syncDirectory {
            // Renamed already: the new file is whole (the directory's sync makes it durable).
            #expect(abs(a0 - 1.10) < 1e-4)
        } else {
            #expect(abs(a0 - 0.96) < 1e-4)
        }
    }

    @Test("a write that completes replaces the file and leaves no temporary file behind")
    func completeWrite() throws {
        #expect(try save(Self.old))
        #expect(try save(Self.new))
        #expect(abs(try #require(try loadedA0()) - 1.10) < 1e-4)
        #expect(access(file + ".tmp", F_OK) != 0)
    }

    @Test("a full disk is one error naming the path and the fix, the old file stays and the temporary one goes", arguments: [AtomicWriteStep.write, .syncFile])
    func fullDisk(step: AtomicWriteStep) throws {
        #expect(try save(Self.old))
        do {
            _ = try save(Self.new) { $0 == step ? .error(ENOSPC) : nil }
            Issue.record("no error")
        } catch {
            #expect(error.path == file)
            #expect(error.description.contains("disk is full"))
        }
        #expect(abs(try #require(try loadedA0()) - 0.96) < 1e-4)
        #expect(access(file + ".tmp", F_OK) != 0)
    }

    @Test("a read-only filesystem is one error naming the path and the fix, the old file stays")
    func readOnly() throws {
        #expect(try save(Self.old))
        do {
            _ = try save(Self.new) { $0 == .openTemporary ? .error(EROFS) : nil }
            Issue.record("no error")
        } catch {
            #expect(error.path == file)
            #expect(error.description.contains("read-only"))
        }
        #expect(abs(try #require(try loadedA0()) - 0.96) < 1e-4)
    }

    @Test("a file in a directory that cannot be made is an error naming the file")
    func missingDirectory() {
        #expect(throws: FileError.self) { try writeFile("/proc/panelkit-no-such/calibration.json", "{}") }
        do {
            try writeFile("/proc/panelkit-no-such/calibration.json", "{}")
        } catch {
            #expect(error.path == "/proc/panelkit-no-such/calibration.json")
        }
    }
}
