/// Where a line may break, for text without spaces between words: Chinese, Japanese and
/// Korean break between any two ideographs or kana, except before closing punctuation and
/// after opening punctuation (the common "kinsoku" rules: a line does not start with "，" or
/// "。" and does not end with "（").
enum LineBreakRules {
    /// Characters a line may break before or after without a space: CJK ideographs, kana,
    /// Hangul syllables, and CJK and full-width punctuation.
    static func isIdeographic(_ s: UInt32) -> Bool {
        switch s {
        case 0x2E80 ... 0x2FDF, 0x3000 ... 0x303F, 0x3040 ... 0x30FF, 0x3100 ... 0x312F, 0x3190 ... 0x31FF, 0x3400 ... 0x4DBF,
            0x4E00 ... 0x9FFF, 0xAC00 ... 0xD7AF, 0xF900 ... 0xFAFF, 0xFE30 ... 0xFE4F, 0xFF00 ... 0xFFEF, 0x20000 ... 0x3134F:
            return true
        default:
            return false
        }
    }

    /// Punctuation a line must not start with.
    static func closesLine(_ s: UInt32) -> Bool {
        switch s {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0xFF09, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017,
            0x30FC, 0x2019, 0x201D, 0x0021, 0x0029, 0x002C, 0x002E, 0x003A, 0x003B, 0x003F, 0x005D, 0x007D:
            return true
        default:
            return false
        }
    }

    /// Punctuation a line must not end with.
    static func opensLine(_ s: UInt32) -> Bool {
        switch s {
        case 0xFF08, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x2018, 0x201C, 0x0028, 0x005B, 0x007B:
            return true
        default:
            return false
        }
    }

    /// Spaces that separate words (a line breaks after them and they hang at its end).
    static func isSpace(_ s: UInt32) -> Bool { s == 0x20 || s == 0x3000 || s == 0x09 }

    /// Whether a line may break between characters `before` and `after` (not at a space: the
    /// caller handles spaces).
    static func mayBreak(between before: UInt32, and after: UInt32) -> Bool {
        guard isIdeographic(before) || isIdeographic(after) else { return false }
        return !closesLine(after) && !opensLine(before)
    }
}
