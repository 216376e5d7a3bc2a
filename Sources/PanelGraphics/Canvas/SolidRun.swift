import CPixelRuns

/// Runs of one opaque pixel word: a background, a card, the straight rows of a rounded shape.
/// Long runs go to the C library's `wmemset`, which stores as wide as the CPU allows (32 or 64
/// bytes a store where the compiler's own loop, built for the baseline CPU, stores 16).
enum SolidRun {
    /// Runs shorter than this are stored by an inlined loop: a call costs more than it saves.
    static let shortest = 16

    /// Sets `count` 32-bit pixels from `q` to `word` (worth a call from ``shortest`` on).
    @inline(never)
    static func fillLong(_ q: UnsafeMutablePointer<UInt32>, count: Int, word: UInt32) {
        panel_fill_words(q, word, count)
    }

    /// Sets `count` 16-bit pixels from `q` to `word` (worth a call from ``shortest`` on): two a
    /// 32-bit store from the first pixel on a 4-byte boundary.
    @inline(never)
    static func fillLong(_ q: UnsafeMutablePointer<UInt16>, count: Int, word: UInt16) {
        var start = q, left = count
        if left > 0, UInt(bitPattern: start) & 2 != 0 {
            start.pointee = word
            start += 1
            left -= 1
        }
        let pairs = left / 2
        if pairs > 0 {
            UnsafeMutableRawPointer(start).withMemoryRebound(to: UInt32.self, capacity: pairs) {
                panel_fill_words($0, UInt32(word) | UInt32(word) << 16, pairs)
            }
        }
        if left & 1 == 1 { start[left - 1] = word }
    }
}
