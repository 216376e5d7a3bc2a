extension FontEngine {
    /// Where the insertion point before byte `offset` of the laid-out text goes on its first
    /// line, in 26.6 fixed point from the line's left end: after the character before it in that
    /// character's direction (at its right edge when it runs left to right, at its left edge
    /// when it runs right to left), or before the first character at the start. An offset inside
    /// a cluster (a ligature, a base and its marks) goes to the cluster's edge.
    func caretPosition(atByte offset: Int) -> Int64 {
        guard let line = lines.first, line.start < line.end else { return 0 }
        let target = UInt32(clamping: offset)
        // The cluster the caret follows (the last one before the offset), else the first one.
        var before: UInt32?
        var first = UInt32.max
        for i in line.start ..< line.end {
            let cluster = glyphs[i].cluster
            first = min(first, cluster)
            if cluster < target, before.map({ cluster > $0 }) ?? true { before = cluster }
        }
        let cluster = before ?? first
        var left = Int64.max
        var right = Int64.min
        var rightToLeft = false
        forEachVisualGlyph(of: line) { index, start in
            guard glyphs[index].cluster == cluster else { return }
            left = min(left, start)
            right = max(right, start + Int64(glyphs[index].advance))
            rightToLeft = glyphs[index].level & 1 == 1
        }
        guard left <= right else { return 0 }
        // After a character: its trailing edge; before the first: its leading edge.
        return (before != nil) != rightToLeft ? right : left
    }

    /// Calls `body` with each glyph of `line` (no ellipsis) in visual order and its pen position.
    private func forEachVisualGlyph(of line: ShapedLine, _ body: (Int, Int64) -> Void) {
        var pen: Int64 = 0
        if line.reorders {
            orderVisually(line)
            for index in visualOrder where index >= 0 {
                body(Int(index), pen)
                pen += Int64(glyphs[Int(index)].advance)
            }
            return
        }
        for index in line.start ..< line.end {
            body(index, pen)
            pen += Int64(glyphs[index].advance)
        }
    }
}
