#if os(Linux)
import Glibc
@testable import PanelGraphics
import Testing

/// The Unicode Bidirectional Algorithm's own test data (Debian's unicode-data, which
/// scripts/setup installs).
enum BidiTestData {
    static let characterTest = "/usr/share/unicode/BidiCharacterTest.txt"

    /// One case: the characters, the paragraph direction asked for, and what must come out.
    struct Case {
        var line: Int
        var scalars: [UInt32]
        var direction: ParagraphDirection
        var paragraphLevel: UInt8
        /// nil for a character rule X9 removes ("x" in the file).
        var levels: [UInt8?]
        var visualOrder: [Int32]
    }

    /// Every case of `path`; nil when it cannot be read.
    static func cases(_ path: String) -> [Case]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var result: [Case] = []
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        var number = 0
        while getline(&buffer, &capacity, file) > 0, let buffer {
            number += 1
            let text = String(cString: buffer)
            guard let first = text.first, first != "#", first != "\n" else { continue }
            let fields = text.split(separator: ";", omittingEmptySubsequences: false).map { $0.split(separator: " ").map(String.init) }
            guard fields.count == 5, let level = UInt8(fields[2].first ?? "") else { continue }
            let directions: [String: ParagraphDirection] = ["0": .leftToRight, "1": .rightToLeft, "2": .auto]
            result.append(
                Case(
                    line: number, scalars: fields[0].compactMap { UInt32($0, radix: 16) }, direction: directions[fields[1].first ?? ""] ?? .auto,
                    paragraphLevel: level, levels: fields[3].map { UInt8($0) }, visualOrder: fields[4].compactMap { Int32($0.trimmingSuffix()) }))
        }
        return result
    }
}

extension String {
    fileprivate func trimmingSuffix() -> String { String(self.filter { $0 != "\n" && $0 != "\r" }) }
}

@Suite("Right-to-left text: the Unicode Bidirectional Algorithm through FriBidi")
struct BidiConformanceTests {
    @Test("every case of the Unicode Bidirectional Algorithm's BidiCharacterTest.txt gets its paragraph level, levels and visual order")
    func characterTest() throws {
        let cases = try #require(
            BidiTestData.cases(BidiTestData.characterTest), "\(BidiTestData.characterTest) is missing: install Debian's unicode-data (scripts/setup does)")
        #expect(cases.count > 90000)
        var resolver = BidiResolver()
        var levels: [UInt8] = []
        var failures: [String] = []
        for test in cases {
            let paragraphLevel = test.scalars.withUnsafeBufferPointer { resolver.resolve($0, direction: test.direction, into: &levels) }
            // The characters X9 removes have no level and no place in the visual order.
            var order: [Int32] = []
            var kept: [UInt8] = []
            var levelsMatch = levels.count == test.levels.count
            for (index, expected) in test.levels.enumerated() {
                guard let expected else { continue }
                if index < levels.count && levels[index] != expected { levelsMatch = false }
                order.append(Int32(index))
                kept.append(index < levels.count ? levels[index] : 0)
            }
            order.withUnsafeMutableBufferPointer { order in kept.withUnsafeMutableBufferPointer { BidiResolver.reorder(order, levels: $0) } }
            if paragraphLevel != test.paragraphLevel || !levelsMatch || order != test.visualOrder {
                failures.append("line \(test.line): paragraph \(paragraphLevel), levels \(levels), order \(order)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) cases differ; first: \(failures.prefix(3))")
    }

    @Test("runs of explicit embeddings, overrides, isolates and their terminators in any order, paired or not, resolve without a trap")
    func unpairedControls() {
        // LRE RLE LRO RLO PDF LRI RLI FSI PDI, Hebrew and Arabic letters, digits and spaces.
        let alphabet: [UInt32] = [0x202A, 0x202B, 0x202D, 0x202E, 0x202C, 0x2066, 0x2067, 0x2068, 0x2069, 0x05D0, 0x0627, 0x0031, 0x0661, 0x0020, 0x0061]
        var resolver = BidiResolver()
        var levels: [UInt8] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 1 ... 300 {
            var scalars: [UInt32] = []
            for _ in 0 ..< length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                scalars.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            let paragraphLevel = scalars.withUnsafeBufferPointer { resolver.resolve($0, direction: .auto, into: &levels) }
            #expect(levels.count == scalars.count)
            #expect(paragraphLevel <= 1)
            // The algorithm's deepest level is 125 (its max_depth), plus one for a resolved weak type.
            #expect(levels.allSatisfy { $0 <= 126 })
        }
    }

    @Test("a FriBidi that cannot be loaded is an error naming the library and the Debian package to install")
    func missingLibrary() throws {
        guard case .failure(let error) = FriBidi.load("libfribidi-missing.so.0") else {
            Issue.record("a library that does not exist loaded")
            return
        }
        #expect(error.description.contains("libfribidi-missing.so.0"))
        #expect(error.description.contains("libfribidi0"))
        #expect(FontFamily.rightToLeftUnavailable == nil)
    }

    @Test("a Hebrew paragraph with English and digits in it resolves to the same levels twice: Hebrew at 1, English and digits at 2")
    func memoisedLevels() {
        var resolver = BidiResolver()
        var first: [UInt8] = []
        var again: [UInt8] = []
        let text: [UInt32] = Array("שלום world 123".unicodeScalars.map(\.value))
        let level = text.withUnsafeBufferPointer { resolver.resolve($0, direction: .auto, into: &first) }
        let levelAgain = text.withUnsafeBufferPointer { resolver.resolve($0, direction: .auto, into: &again) }
        #expect(level == 1 && levelAgain == 1)
        #expect(first == again)
        #expect(first.prefix(4) == [1, 1, 1, 1])
        #expect(first[5 ..< 10].allSatisfy { $0 == 2 })
    }
}
#endif
