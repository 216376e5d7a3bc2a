internal import CBuiltInFont
import Synchronization

/// A typeface at a pixel size: one of PanelKit's built-in bitmap faces, or a TrueType family
/// (``FontFamily/font(size:)``) drawn through FreeType and HarfBuzz.
///
/// The built-in family ("PanelKit Sans", rasterised from DejaVu Sans with hinting and 16
/// levels of anti-aliasing) needs no library and no file: Latin-1 plus the ellipsis, bullet,
/// dashes, curly quotes, euro and minus signs; other characters draw as "?". Its sizes are
/// pixel heights of the em: 12 (``caption``), 16 (``body``), 24 (``title``) and 32
/// (``largeTitle``), and 20, 40 and 48 for larger text sizes (``system(size:)``; each face is
/// decoded the first time it is drawn). On a 5" 800×480 panel (about 190 px per inch) 16 px text is about 2 mm
/// tall, like 11 pt print; 24 px suits buttons read at arm's length.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The pixel size of the em.
    public let size: Int
    let storage: Storage

    enum Storage: Hashable, Sendable {
        case builtIn(Int)
        case family(FontFamily)
    }

    private init(faceIndex: Int) {
        storage = .builtIn(faceIndex)
        size = BuiltInFont.sizes[faceIndex]
    }

    init(family: FontFamily, size: Int) {
        storage = .family(family)
        self.size = size
    }

    /// 12 px: small print and captions.
    public static let caption = Font(faceIndex: 0)
    /// 16 px: body text, the default of labels.
    public static let body = Font(faceIndex: 1)
    /// 24 px: headings and big buttons.
    public static let title = Font(faceIndex: 2)
    /// 32 px: numbers and titles read from afar.
    public static let largeTitle = Font(faceIndex: 3)

    /// 24 px: a second-level title (UIKit's `title2`; the built-in face nearest 22 px).
    public static let title2 = Font.system(size: 24)
    /// 20 px: a third-level title (UIKit's `title3`).
    public static let title3 = Font.system(size: 20)
    /// 20 px: a heading above body text (UIKit's `headline`; the built-in faces have one weight,
    /// so a heading is told by its size).
    public static let headline = Font.system(size: 20)
    /// 16 px: text beside body text (UIKit's `callout`; the built-in face nearest 15 px).
    public static let callout = Font.system(size: 16)
    /// 16 px: a subheading (UIKit's `subheadline`; the built-in face nearest 14 px, which
    /// stays readable on a panel).
    public static let subheadline = Font.system(size: 16)
    /// 12 px: small print under content (UIKit's `footnote`).
    public static let footnote = Font.system(size: 12)
    /// 12 px: the smallest captions (UIKit's `caption2`; the smallest built-in face).
    public static let caption2 = Font.system(size: 12)

    /// The pixel sizes built in, smallest first.
    public static let availableSizes = BuiltInFont.sizes.sorted()

    /// The built-in face closest to `size` pixels (ties go to the smaller one).
    public static func system(size: Double) -> Font {
        var best = 0
        for (index, candidate) in BuiltInFont.sizes.enumerated() {
            let distance = abs(Double(candidate) - size)
            let bestDistance = abs(Double(BuiltInFont.sizes[best]) - size)
            if distance < bestDistance || (distance == bestDistance && candidate < BuiltInFont.sizes[best]) { best = index }
        }
        return Font(faceIndex: best)
    }

    /// The TrueType family that draws this font; nil for a built-in face.
    public var family: FontFamily? {
        if case .family(let family) = storage { return family }
        return nil
    }

    /// This font's family (built-in or TrueType) at another size.
    public func withSize(_ size: Double) -> Font {
        if let family { return family.font(size: size) }
        return .system(size: size)
    }

    /// The built-in face (the body face for a TrueType font, which never asks).
    var face: FontFace {
        if case .builtIn(let index) = storage { return BuiltInFont.face(index) }
        return BuiltInFont.face(1)
    }

    /// Pixels from the top of a line to its baseline.
    public var ascent: Int { lineMetrics.ascent }
    /// Pixels from the baseline to the bottom of a line.
    public var descent: Int { lineMetrics.descent }
    /// The distance from one line's top to the next.
    public var lineHeight: Int { lineMetrics.lineHeight }

    private var lineMetrics: (ascent: Int, descent: Int, lineHeight: Int) {
        switch storage {
        case .builtIn(let index):
            let face = BuiltInFont.face(index)
            return (face.ascent, face.descent, face.lineHeight)
        case .family(let family):
            return family.engine.withLock { $0.metrics(size: size) }
        }
    }

    /// The width in pixels of `text` drawn on one line (for a built-in face line breaks are
    /// not interpreted; for a TrueType font, the widest of the lines "\n" separates).
    public func width(of text: some StringProtocol) -> Int {
        switch storage {
        case .builtIn(let index):
            let face = BuiltInFont.face(index)
            var width = 0
            for scalar in text.unicodeScalars { width += face.glyph(for: scalar).advance }
            return width
        case .family(let family):
            return withUTF8Bytes(of: text) { bytes in
                family.engine.withLock { engine in
                    engine.layout(bytes, size: size, maxWidth: .max, numberOfLines: 0)
                    return engine.widestLine
                }
            }
        }
    }

    /// The size of `text` laid out by ``Canvas/drawText(_:in:font:color:alignment:numberOfLines:lineBreakMode:)``
    /// in a box `maxWidth` wide (lines wrap at spaces, and between CJK characters for a
    /// TrueType font; `numberOfLines` 0 means no limit).
    public func size(
        of text: String, maxWidth: Int = .max, numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byTruncatingTail
    ) -> (width: Int, height: Int) {
        switch storage {
        case .builtIn(let index):
            let face = BuiltInFont.face(index)
            var breaker = LineBreaker(text: text, face: face, maxWidth: maxWidth, numberOfLines: numberOfLines, mode: lineBreakMode)
            var width = 0
            var count = 0
            while let line = breaker.next() {
                width = max(width, line.width)
                count += 1
            }
            return (width, count * face.lineHeight)
        case .family(let family):
            var string = text
            return string.withUTF8 { bytes in
                family.engine.withLock { engine in
                    engine.layout(bytes, size: size, maxWidth: maxWidth, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
                    return (engine.widestLine, engine.lines.count * engine.metrics(size: size).lineHeight)
                }
            }
        }
    }

    /// The font's family and size: `PanelKit Sans 16 px`.
    public var description: String {
        switch storage {
        case .builtIn: "PanelKit Sans \(size) px"
        case .family(let family): "\(family) \(size) px"
        }
    }
}

/// One glyph's metrics and where its coverage starts, 12 bytes: the generated faces' bytes
/// (unsigned, or offset by 128) and an offset into a face's bytes, which are under 4 GB.
struct Glyph {
    private let storedAdvance: UInt8
    private let storedXOffset: Int8
    private let storedTop: Int8
    private let storedWidth: UInt8
    private let storedHeight: UInt8
    private let storedDataOffset: UInt32

    /// A glyph of the encoded bytes (`xOffset` and `top` stored + 128), at `dataOffset`.
    init(advance: UInt8, xOffsetPlus128: UInt8, topPlus128: UInt8, width: UInt8, height: UInt8, dataOffset: UInt32) {
        storedAdvance = advance
        storedXOffset = Int8(truncatingIfNeeded: Int(xOffsetPlus128) - 128)
        storedTop = Int8(truncatingIfNeeded: Int(topPlus128) - 128)
        storedWidth = width
        storedHeight = height
        storedDataOffset = dataOffset
    }

    var advance: Int { Int(storedAdvance) }
    var xOffset: Int { Int(storedXOffset) }
    /// Rows from the top of the bitmap up to the baseline.
    var top: Int { Int(storedTop) }
    var width: Int { Int(storedWidth) }
    var height: Int { Int(storedHeight) }
    var dataOffset: Int { Int(storedDataOffset) }
}

/// A decoded face: its glyph table, read from the face's bytes when the size is first drawn.
/// The coverage stays where the binary holds it, 4 bits a pixel, and is drawn from there: no
/// copy of it is made, and only the pages of the glyphs an app draws are ever read in.
final class FontFace: Sendable {
    /// Which built-in face this is (the index into Sources/CBuiltInFont's faces). A face keeps
    /// the index, not a pointer: its bytes are found again from it (a load from a constant
    /// table), so nothing that is not `Sendable` is stored.
    let index: Int32
    /// The face's bytes, as scripts/generate-font wrote them: static, read-only data of the binary.
    @inline(__always)
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: panel_builtin_face(index), count: Int(panel_builtin_face_length(index)))
    }
    let size: Int
    let ascent: Int
    let descent: Int
    let lineHeight: Int
    /// Each glyph's `dataOffset` is where its first coverage byte is in the face's bytes.
    let glyphs: [Glyph]
    let ellipsis: Glyph
    let replacement: Glyph

    /// Reads the header and glyph table of the face at `index` (scripts/generate-font): four
    /// header bytes, five bytes of metrics per glyph, then each glyph's 4-bit coverage, two
    /// pixels a byte from a byte boundary.
    init(index: Int) {
        let bytes = FontFace.bytes(ofFace: index)
        let count = BuiltInFont.codePointCount
        var glyphs = [Glyph]()
        glyphs.reserveCapacity(count)
        // The coverage starts after the header and the whole table.
        var coverage = 4 + 5 * count
        for i in 0 ..< count {
            let metrics = 4 + 5 * i
            let width = bytes[metrics + 3], height = bytes[metrics + 4]
            glyphs.append(
                Glyph(
                    advance: bytes[metrics], xOffsetPlus128: bytes[metrics + 1], topPlus128: bytes[metrics + 2],
                    width: width, height: height, dataOffset: UInt32(coverage)))
            coverage += (Int(width) * Int(height) + 1) / 2
        }
        precondition(coverage <= bytes.count, "a generated face holds every glyph's coverage")
        self.index = Int32(index)
        size = Int(bytes[0])
        ascent = Int(bytes[1])
        descent = Int(bytes[2])
        lineHeight = Int(bytes[3])
        self.glyphs = glyphs
        ellipsis = glyphs[BuiltInFont.latin1Count]
        replacement = glyphs[Int(("?" as Unicode.Scalar).value) - 0x20]
    }

    /// The bytes of the face at `index`, as scripts/generate-font wrote them.
    static func bytes(ofFace index: Int) -> UnsafeBufferPointer<UInt8> {
        precondition(index >= 0 && index < Int(PANEL_BUILTIN_FACE_COUNT), "one of the built-in faces")
        let face = Int32(index)
        return UnsafeBufferPointer(start: panel_builtin_face(face), count: Int(panel_builtin_face_length(face)))
    }

    /// `glyph`'s coverage, 4 bits a pixel row by row, two pixels a byte (the first in the high
    /// half): for ``Canvas/drawMask(packed:width:height:atX:y:color:)``.
    @inline(__always)
    func mask(of glyph: Glyph) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[glyph.dataOffset ..< glyph.dataOffset + (glyph.width * glyph.height + 1) / 2])
    }

    @inline(__always)
    func glyph(for scalar: Unicode.Scalar) -> Glyph {
        let v = Int(scalar.value)
        if v >= 0x20 && v < 0x7F { return glyphs[v - 0x20] }
        if v >= 0xA0 && v <= 0xFF { return glyphs[v - 0xA0 + 95] }
        if v < 0x2000 { return replacement }
        for (i, extra) in BuiltInFont.extras.enumerated() where extra == v {
            return glyphs[BuiltInFont.latin1Count + i]
        }
        return replacement
    }
}

/// The built-in family's tables (data in the CBuiltInFont module, made by scripts/generate-font).
enum BuiltInFont {
    /// The faces' sizes, in the order they are encoded: the first four are `Font.caption`,
    /// `.body`, `.title` and `.largeTitle`; 20, 40 and 48 serve larger text sizes.
    static let sizes = [12, 16, 24, 32, 20, 40, 48]
    static let latin1Count = 95 + 96
    static let extras: [Int] = [0x2026, 0x2022, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x20AC, 0x2212]
    static var codePointCount: Int { latin1Count + extras.count }
    /// The face at `index` of ``sizes``: each decoded on its first use (tens of µs), then
    /// shared by every thread, so an app that never draws 48 px text never holds that face.
    static func face(_ index: Int) -> FontFace {
        switch index {
        case 0: face12
        case 2: face24
        case 3: face32
        case 4: face20
        case 5: face40
        case 6: face48
        default: face16
        }
    }
    private static let face12 = FontFace(index: 0)
    private static let face16 = FontFace(index: 1)
    private static let face24 = FontFace(index: 2)
    private static let face32 = FontFace(index: 3)
    private static let face20 = FontFace(index: 4)
    private static let face40 = FontFace(index: 5)
    private static let face48 = FontFace(index: 6)
}
