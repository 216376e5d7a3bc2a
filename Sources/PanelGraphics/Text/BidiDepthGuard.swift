internal import CFriBidi

/// Keeps FriBidi from ever reaching the Unicode Bidirectional Algorithm's depth limit.
///
/// FriBidi 1.0.8 (Debian 12's) reads memory it has freed when a paragraph's explicit embeddings
/// and isolates overflow the algorithm's deepest level, 125 (rules X1 to X8): a crafted string of
/// a few hundred bidi controls makes the process crash. Upstream fixed it in 1.0.11; Debian 12
/// still ships 1.0.8. Text that nests that deep is never real text, but a kiosk shows strings it
/// did not write, so PanelKit does the overflow bookkeeping itself and hands FriBidi a paragraph
/// that no longer overflows and resolves to the same levels:
///
/// - an embedding or override the algorithm would ignore (an overflow LRE, RLE, LRO or RLO), and
///   a PDF that closes one or sits inside an overflow isolate, become BN, which rule X9 removes
///   just as it removes them;
/// - an overflow isolate (LRI, RLI or FSI) and the PDI that closes it become ON: a neutral at the
///   surrounding level, as the algorithm treats them (``restoreTrailingIsolates(_:levels:paragraphLevel:)``
///   then gives back what rule L1 does to isolates at a line's end);
/// - every FSI that is not an overflow becomes the LRI or RLI its text makes it (rule X5c), and
///   the paragraph's direction is decided here (P2, P3), so that what was hidden in an overflow
///   isolate cannot change either.
///
/// Only a paragraph with more than 62 initiators can overflow, so any other is never looked at.
struct BidiDepthGuard {
    /// The algorithm's deepest explicit level (BD2).
    static let maxDepth: UInt8 = 125
    /// At most 2 levels an initiator, from a paragraph level of at most 1: fewer initiators than
    /// this cannot overflow.
    static let initiatorsToOverflow = Int(maxDepth) / 2

    /// The directional status stack (X1): each entry's level, and whether an isolate pushed it.
    private var stack: [(level: UInt8, isolate: Bool)] = []
    /// For each isolate initiator, the index of its matching PDI (BD9), or the paragraph's length.
    private var matches: [Int] = []
    /// Which characters this guard turned from an isolate initiator or PDI into ON.
    private var neutralized: [Bool] = []
    /// The isolate initiators still open while matching (``findMatches(_:)``).
    private var open: [Int] = []

    /// Whether `types` has enough explicit initiators that it might overflow.
    static func mightOverflow(_ types: UnsafeBufferPointer<FriBidiCharType>) -> Bool {
        var initiators = 0
        for type in types where isInitiator(type) {
            initiators += 1
            if initiators > initiatorsToOverflow { return true }
        }
        return false
    }

    /// Rewrites `types` as described above and returns the paragraph level (0 or 1) FriBidi must
    /// be given, or nil when nothing overflows and `types` is unchanged.
    mutating func defuse(_ types: UnsafeMutableBufferPointer<FriBidiCharType>, direction: ParagraphDirection) -> UInt8? {
        findMatches(types)
        let paragraphLevel: UInt8
        switch direction {
        case .leftToRight: paragraphLevel = 0
        case .rightToLeft: paragraphLevel = 1
        case .auto: paragraphLevel = firstStrongLevel(types, from: 0, stopAtPDI: false) ?? 0
        }
        stack.removeAll(keepingCapacity: true)
        stack.append((paragraphLevel, false))
        neutralized.removeAll(keepingCapacity: true)
        neutralized.append(contentsOf: repeatElement(false, count: types.count))
        var overflowIsolates = 0
        var overflowEmbeddings = 0
        var validIsolates = 0
        var overflowed = false
        for i in types.indices {
            let type = types[i]
            let level = stack[stack.count - 1].level
            if Self.isInitiator(type) {
                let isolate = Self.isIsolateInitiator(type)
                let rightToLeft: Bool
                if type == panel_fribidi_type_fsi {
                    rightToLeft = firstStrongLevel(types, from: i + 1, stopAtPDI: true) == 1
                } else {
                    rightToLeft = type == panel_fribidi_type_rle || type == panel_fribidi_type_rlo || type == panel_fribidi_type_rli
                }
                let next = rightToLeft ? (level + 1) | 1 : (level + 2) & ~1
                if next <= Self.maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    stack.append((next, isolate))
                    if isolate { validIsolates += 1 }
                    if type == panel_fribidi_type_fsi { types[i] = rightToLeft ? panel_fribidi_type_rli : panel_fribidi_type_lri }
                    continue
                }
                overflowed = true
                if isolate {
                    overflowIsolates += 1
                    types[i] = panel_fribidi_type_on
                    neutralized[i] = true
                } else {
                    if overflowIsolates == 0 { overflowEmbeddings += 1 }
                    types[i] = panel_fribidi_type_bn
                }
            } else if type == panel_fribidi_type_pdi {
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                    types[i] = panel_fribidi_type_on
                    neutralized[i] = true
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !stack[stack.count - 1].isolate { stack.removeLast() }
                    stack.removeLast()
                    validIsolates -= 1
                }
            } else if type == panel_fribidi_type_pdf {
                if overflowIsolates > 0 {
                    types[i] = panel_fribidi_type_bn
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                    types[i] = panel_fribidi_type_bn
                } else if !stack[stack.count - 1].isolate && stack.count >= 2 {
                    stack.removeLast()
                }
            } else if type == panel_fribidi_type_b {
                stack.removeAll(keepingCapacity: true)
                stack.append((paragraphLevel, false))
                overflowIsolates = 0
                overflowEmbeddings = 0
                validIsolates = 0
            }
        }
        return overflowed ? paragraphLevel : nil
    }

    /// Rule L1 for the isolates made ON: with the whitespace, isolates and removed characters
    /// around them, at the end of the paragraph or before a segment or paragraph separator, they
    /// take the paragraph's level.
    func restoreTrailingIsolates(_ types: UnsafeBufferPointer<FriBidiCharType>, levels: UnsafeMutableBufferPointer<FriBidiLevel>, paragraphLevel: UInt8) {
        var trailing = true
        for i in types.indices.reversed() {
            let type = types[i]
            if type == panel_fribidi_type_s || type == panel_fribidi_type_b {
                trailing = true
            } else if trailing && (neutralized[i] || Self.isTransparentAtLineEnd(type)) {
                levels[i] = FriBidiLevel(paragraphLevel)
            } else {
                trailing = false
            }
        }
    }

    /// The level (0 or 1) of the first strong character from `start` (rules P2 and P3), skipping
    /// isolates; nil when there is none before the end, a paragraph separator or, when
    /// `stopAtPDI`, the PDI that closes the isolate `start` is in.
    private func firstStrongLevel(_ types: UnsafeMutableBufferPointer<FriBidiCharType>, from start: Int, stopAtPDI: Bool) -> UInt8? {
        var i = start
        while i < types.count {
            let type = types[i]
            if type == panel_fribidi_type_l { return 0 }
            if type == panel_fribidi_type_r || type == panel_fribidi_type_al { return 1 }
            if type == panel_fribidi_type_b || (stopAtPDI && type == panel_fribidi_type_pdi) { return nil }
            // An isolate's text does not count: go on after its matching PDI.
            i = Self.isIsolateInitiator(type) ? matches[i] + 1 : i + 1
        }
        return nil
    }

    /// Rule BD9: each isolate initiator's matching PDI, or the paragraph's end without one.
    private mutating func findMatches(_ types: UnsafeMutableBufferPointer<FriBidiCharType>) {
        matches.removeAll(keepingCapacity: true)
        matches.append(contentsOf: repeatElement(types.count, count: types.count))
        open.removeAll(keepingCapacity: true)
        for i in types.indices {
            let type = types[i]
            if Self.isIsolateInitiator(type) {
                open.append(i)
            } else if type == panel_fribidi_type_pdi, let initiator = open.popLast() {
                matches[initiator] = i
            } else if type == panel_fribidi_type_b {
                open.removeAll(keepingCapacity: true)
            }
        }
    }

    private static func isInitiator(_ type: FriBidiCharType) -> Bool {
        type == panel_fribidi_type_lre || type == panel_fribidi_type_rle || type == panel_fribidi_type_lro || type == panel_fribidi_type_rlo
            || isIsolateInitiator(type)
    }

    private static func isIsolateInitiator(_ type: FriBidiCharType) -> Bool {
        type == panel_fribidi_type_lri || type == panel_fribidi_type_rli || type == panel_fribidi_type_fsi
    }

    /// Whitespace, isolates and what rule X9 removes: the characters rule L1 sets to the
    /// paragraph's level at the end of a line.
    private static func isTransparentAtLineEnd(_ type: FriBidiCharType) -> Bool {
        type == panel_fribidi_type_ws || type == panel_fribidi_type_bn || type == panel_fribidi_type_pdi || isInitiator(type)
            || type == panel_fribidi_type_pdf
    }
}
