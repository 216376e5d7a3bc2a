internal import CFriBidi

/// The direction a paragraph is laid out in, as the Unicode Bidirectional Algorithm takes it.
enum ParagraphDirection: Sendable {
    /// From the paragraph's first strong character (rules P2 and P3); left to right without one.
    case auto
    case leftToRight
    case rightToLeft
}

/// Resolves the embedding levels of paragraphs with the Unicode Bidirectional Algorithm
/// (rules P2 to I2 and L1, through FriBidi), without allocating once warm.
///
/// FriBidi allocates its run lists on each call, so the levels of the last few paragraphs are
/// remembered (by their exact characters): redrawing a label asks FriBidi nothing. Text with no
/// right-to-left character and no bidi control never reaches it (``isSignificant(_:)``).
struct BidiResolver {
    private var types: [FriBidiCharType] = []
    private var brackets: [FriBidiBracketType] = []
    private var fribidiLevels: [FriBidiLevel] = []
    private var memo: [Entry] = []
    private var depthGuard = BidiDepthGuard()
    private var nextSlot = 0

    /// How many paragraphs are remembered, and the longest remembered (in characters).
    static let memoSlots = 8
    static let memoLimit = 2048

    private struct Entry {
        var scalars: [UInt32] = []
        var levels: [UInt8] = []
        var direction = ParagraphDirection.auto
        var paragraphLevel: UInt8 = 0
    }

    /// Whether `scalar` can make a paragraph anything but one left-to-right run: a letter of a
    /// right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and the
    /// historic ones), an Arabic digit or sign, or an explicit bidi control or mark.
    @inline(__always)
    static func isSignificant(_ scalar: UInt32) -> Bool {
        if scalar < 0x0590 { return false }
        if scalar <= 0x08FF { return true }
        if scalar < 0x200F { return false }
        if scalar == 0x200F || (0x202A ... 0x202E).contains(scalar) || (0x2066 ... 0x2069).contains(scalar) { return true }
        if (0xFB1D ... 0xFDFF).contains(scalar) || (0xFE70 ... 0xFEFF).contains(scalar) { return true }
        return (0x10800 ... 0x10FFF).contains(scalar) || (0x1E800 ... 0x1EFFF).contains(scalar)
    }

    /// The embedding level of each of `scalars`, written to `levels` (as many), and the
    /// paragraph's level (0 left to right, 1 right to left). Without FriBidi (not installed)
    /// every level is the paragraph's, as if the text were all left to right.
    mutating func resolve(_ scalars: UnsafeBufferPointer<UInt32>, direction: ParagraphDirection, into levels: inout [UInt8]) -> UInt8 {
        levels.removeAll(keepingCapacity: true)
        if let index = remembered(scalars, direction: direction) {
            levels.append(contentsOf: memo[index].levels)
            return memo[index].paragraphLevel
        }
        let paragraphLevel = compute(scalars, direction: direction, into: &levels)
        remember(scalars, direction: direction, levels: levels, paragraphLevel: paragraphLevel)
        return paragraphLevel
    }

    private func remembered(_ scalars: UnsafeBufferPointer<UInt32>, direction: ParagraphDirection) -> Int? {
        search: for index in memo.indices where memo[index].direction == direction && memo[index].scalars.count == scalars.count {
            let stored = memo[index].scalars
            for i in 0 ..< scalars.count where stored[i] != scalars[i] { continue search }
            return index
        }
        return nil
    }

    private mutating func remember(_ scalars: UnsafeBufferPointer<UInt32>, direction: ParagraphDirection, levels: [UInt8], paragraphLevel: UInt8) {
        guard scalars.count <= Self.memoLimit else { return }
        if memo.count < Self.memoSlots { memo.append(Entry()) }
        let slot = nextSlot % memo.count
        nextSlot = (slot + 1) % Self.memoSlots
        memo[slot].scalars.removeAll(keepingCapacity: true)
        memo[slot].scalars.append(contentsOf: scalars)
        memo[slot].levels.removeAll(keepingCapacity: true)
        memo[slot].levels.append(contentsOf: levels)
        memo[slot].direction = direction
        memo[slot].paragraphLevel = paragraphLevel
    }

    private mutating func compute(_ scalars: UnsafeBufferPointer<UInt32>, direction: ParagraphDirection, into levels: inout [UInt8]) -> UInt8 {
        let count = scalars.count
        let fallback: UInt8 = direction == .rightToLeft ? 1 : 0
        guard count > 0, count < Int(Int32.max), case .success(let fribidi) = FriBidi.shared else {
            levels.append(contentsOf: repeatElement(fallback, count: count))
            return fallback
        }
        types.removeAll(keepingCapacity: true)
        types.append(contentsOf: repeatElement(FriBidiCharType(rawValue: 0), count: count))
        brackets.removeAll(keepingCapacity: true)
        brackets.append(contentsOf: repeatElement(0, count: count))
        fribidiLevels.removeAll(keepingCapacity: true)
        fribidiLevels.append(contentsOf: repeatElement(0, count: count))
        var paragraph: FriBidiParType
        switch direction {
        case .auto: paragraph = panel_fribidi_par_on
        case .leftToRight: paragraph = panel_fribidi_par_ltr
        case .rightToLeft: paragraph = panel_fribidi_par_rtl
        }
        let length = FriBidiStrIndex(count)
        var defused = false
        let result = types.withUnsafeMutableBufferPointer { types in
            brackets.withUnsafeMutableBufferPointer { brackets in
                fribidiLevels.withUnsafeMutableBufferPointer { out in
                    fribidi.getBidiTypes(scalars.baseAddress, length, types.baseAddress)
                    // FriBidi 1.0.8 must never see a paragraph that overflows the depth limit.
                    if BidiDepthGuard.mightOverflow(UnsafeBufferPointer(types)), let level = depthGuard.defuse(types, direction: direction) {
                        paragraph = level == 1 ? panel_fribidi_par_rtl : panel_fribidi_par_ltr
                        defused = true
                    }
                    fribidi.getBracketTypes(scalars.baseAddress, length, types.baseAddress, brackets.baseAddress)
                    let result = fribidi.getParEmbeddingLevels(types.baseAddress, brackets.baseAddress, length, &paragraph, out.baseAddress)
                    if defused && result > 0 {
                        depthGuard.restoreTrailingIsolates(UnsafeBufferPointer(types), levels: out, paragraphLevel: UInt8(paragraph.rawValue & 1))
                    }
                    return result
                }
            }
        }
        // 0 is FriBidi's failure (out of memory): the text is then drawn in its logical order.
        guard result > 0 else {
            levels.append(contentsOf: repeatElement(fallback, count: count))
            return fallback
        }
        for level in fribidiLevels { levels.append(UInt8(clamping: level)) }
        return UInt8(paragraph.rawValue & 1)
    }

    /// Rule L2: reverses, from the highest level down to the lowest odd one, every run of
    /// `order` whose `levels` are at least that level; `order` becomes the visual order.
    static func reorder<Item>(_ order: UnsafeMutableBufferPointer<Item>, levels: UnsafeMutableBufferPointer<UInt8>) {
        var highest: UInt8 = 0
        var lowestOdd = UInt8.max
        for level in levels {
            highest = max(highest, level)
            if level & 1 == 1 { lowestOdd = min(lowestOdd, level) }
        }
        guard lowestOdd != .max else { return }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < levels.count {
                guard levels[i] >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < levels.count && levels[j] >= level { j += 1 }
                order[i ..< j].reverse()
                levels[i ..< j].reverse()
                i = j
            }
            level -= 1
        }
    }
}
