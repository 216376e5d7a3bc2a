/// One laid-out line: the characters or glyphs `start ..< end` and its width. A truncated
/// line shows `start ..< ellipsisAt`, then "…", then `resume ..< end` (the tail mode cuts at
/// the end, the head mode at the start, the middle mode in between).
struct TextLine<Position: Equatable, Width> {
    var start: Position
    var end: Position
    var width: Width
    var ellipsisAt: Position?
    var resume: Position
    /// Whether its paragraph runs right to left (the Unicode Bidirectional Algorithm's
    /// paragraph level is 1).
    var rightToLeft = false
    /// Whether its glyphs need reordering for display: some are not at level 0.
    var reorders = false

    init(start: Position, end: Position, width: Width, ellipsisAt: Position? = nil, resume: Position? = nil) {
        self.start = start
        self.end = end
        self.width = width
        self.ellipsisAt = ellipsisAt
        self.resume = resume ?? end
    }

    /// Whether the line shows an ellipsis.
    var truncated: Bool { ellipsisAt != nil }
}
