#if os(Linux)
internal import CFriBidi
@testable import PanelGraphics
import Testing

/// Paragraphs nested past the Unicode Bidirectional Algorithm's depth limit (125), which
/// Debian 12's FriBidi 1.0.8 cannot be given: it reads freed memory on them.
@Suite("Right-to-left text: paragraphs nested past the depth limit")
struct BidiDepthGuardTests {
    static let lre: UInt32 = 0x202A
    static let pdf: UInt32 = 0x202C
    static let lri: UInt32 = 0x2066
    static let pdi: UInt32 = 0x2069
    static let alef: UInt32 = 0x05D0
    static let a: UInt32 = 0x61
    static let b: UInt32 = 0x62
    static let space: UInt32 = 0x20

    /// 62 LREs take a left-to-right paragraph to level 124; the next one would be 126.
    static let deepest = [UInt32](repeating: lre, count: 62)

    /// FriBidi's types of `scalars`.
    static func types(_ scalars: [UInt32]) throws -> [FriBidiCharType] {
        let fribidi = try FriBidi.shared.get()
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        scalars.withUnsafeBufferPointer { scalars in
            types.withUnsafeMutableBufferPointer { fribidi.getBidiTypes(scalars.baseAddress, FriBidiStrIndex(scalars.count), $0.baseAddress) }
        }
        return types
    }

    /// `scalars`' types after the guard, and the paragraph level it decided (nil: left alone).
    static func defused(_ scalars: [UInt32]) throws -> (level: UInt8?, types: [FriBidiCharType]) {
        var types = try Self.types(scalars)
        var depthGuard = BidiDepthGuard()
        let level = types.withUnsafeMutableBufferPointer { depthGuard.defuse($0, direction: .auto) }
        return (level, types)
    }

    static func resolve(_ scalars: [UInt32], direction: ParagraphDirection = .auto) -> (paragraph: UInt8, levels: [UInt8]) {
        var resolver = BidiResolver()
        var levels: [UInt8] = []
        let paragraph = scalars.withUnsafeBufferPointer { resolver.resolve($0, direction: direction, into: &levels) }
        return (paragraph, levels)
    }

    @Test("an embedding past the depth limit and the PDF that closes it reach FriBidi as BN, which rule X9 removes alike")
    func overflowEmbeddingsBecomeBN() throws {
        let (level, types) = try Self.defused(Self.deepest + [Self.lre, Self.a, Self.pdf, Self.pdf])
        #expect(level == 0)
        #expect(types[62] == panel_fribidi_type_bn)
        #expect(types[64] == panel_fribidi_type_bn)
        // The second PDF closes the 62nd LRE, which did not overflow: it stays a PDF.
        #expect(types[65] == panel_fribidi_type_pdf)
        #expect(types[61] == panel_fribidi_type_lre)
    }

    @Test("an isolate past the depth limit and its PDI reach FriBidi as ON, a neutral at the surrounding level")
    func overflowIsolatesBecomeON() throws {
        let (level, types) = try Self.defused(Self.deepest + [Self.lri, Self.alef, Self.pdi, Self.a])
        #expect(level == 0)
        #expect(types[62] == panel_fribidi_type_on)
        #expect(types[64] == panel_fribidi_type_on)
    }

    @Test("a paragraph that stays within the depth limit is left as it is")
    func withinTheLimitIsUntouched() throws {
        let scalars = Self.deepest + [Self.a, Self.pdf]
        let (level, types) = try Self.defused(scalars)
        #expect(level == nil)
        #expect(try types == Self.types(scalars))
    }

    @Test("letters nested past the depth limit stay at the deepest level, and the text after the closing PDFs is back at the paragraph's")
    func overflowLevels() {
        let scalars = Self.deepest + [UInt32](repeating: Self.lre, count: 8) + [Self.alef, Self.a] + [UInt32](repeating: Self.pdf, count: 70) + [Self.b]
        let (paragraph, levels) = Self.resolve(scalars, direction: .leftToRight)
        #expect(paragraph == 0)
        // At level 124 a right-to-left letter resolves to 125 (rule I1), a left-to-right one stays.
        #expect(levels[70] == 125)
        #expect(levels[71] == 124)
        #expect(levels[142] == 0)
    }

    @Test("the text of an isolate past the depth limit does not decide the paragraph's direction (rule P2)")
    func overflowIsolateIsSkippedForDirection() {
        let scalars = Self.deepest + [Self.lri, Self.alef, Self.pdi, Self.a]
        let (paragraph, levels) = Self.resolve(scalars)
        #expect(paragraph == 0)
        #expect(levels[63] == 125)
        #expect(levels[65] == 124)
    }

    @Test("an isolate past the depth limit at the end of a paragraph takes the paragraph's level with the spaces around it (rule L1)")
    func trailingOverflowIsolate() {
        let scalars = Self.deepest + [Self.a, Self.lri, Self.space]
        let (paragraph, levels) = Self.resolve(scalars)
        #expect(paragraph == 0)
        #expect(levels[62] == 124)
        #expect(levels[63] == 0)
        #expect(levels[64] == 0)
    }

    @Test("a paragraph the guard has defused no longer overflows: defusing it again changes nothing")
    func defusedParagraphsDoNotOverflow() throws {
        let alphabet: [UInt32] = [0x202A, 0x202B, 0x202D, 0x202E, 0x202C, 0x2066, 0x2067, 0x2068, 0x2069, 0x05D0, 0x0627, 0x0031, 0x0020, 0x0061]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var depthGuard = BidiDepthGuard()
        var overflowing = 0
        for length in stride(from: 100, through: 600, by: 5) {
            var scalars: [UInt32] = []
            for _ in 0 ..< length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                scalars.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            var types = try Self.types(scalars)
            guard let level = types.withUnsafeMutableBufferPointer({ depthGuard.defuse($0, direction: .auto) }) else { continue }
            overflowing += 1
            let direction: ParagraphDirection = level == 1 ? .rightToLeft : .leftToRight
            let defused = types
            #expect(types.withUnsafeMutableBufferPointer { depthGuard.defuse($0, direction: direction) } == nil)
            #expect(types == defused)
        }
        #expect(overflowing > 20)
    }
}
#endif
