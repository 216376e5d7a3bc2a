extension FontEngine {
    /// Draws the laid-out ``lines`` in `rect` (see `Canvas.drawText(_:in:font:…)`), the block
    /// centred vertically, each line aligned.
    func drawLines(in rect: PixelRect, size: Int, color: Color, alignment: TextAlignment, canvas: inout Canvas) {
        let metrics = metrics(size: size)
        var top = rect.y + (rect.height - lines.count * metrics.lineHeight) / 2
        for line in lines {
            let width = Int((line.width + 63) >> 6)
            let x: Int
            switch alignment {
            case .left: x = rect.x
            case .center: x = rect.x + (rect.width - width) / 2
            case .right: x = rect.maxX - width
            case .natural: x = line.rightToLeft ? rect.maxX - width : rect.x
            }
            drawLine(line, x: x, baseline: top + metrics.ascent, size: size, color: color, canvas: &canvas)
            top += metrics.lineHeight
        }
    }

    /// Draws one line with its pen starting at `x`, left to right in visual order; returns the
    /// pen position after it.
    @discardableResult
    func drawLine(_ line: ShapedLine, x: Int, baseline: Int, size: Int, color: Color, canvas: inout Canvas) -> Int {
        var pen: Int64 = 0
        if line.reorders {
            orderVisually(line)
            for index in visualOrder {
                // -1 is the "…" of a truncated line.
                let glyph = index >= 0 ? glyphs[Int(index)] : ellipsis(size: size)
                draw(glyph, penX: x, pen: pen, baseline: baseline, size: size, color: color, canvas: &canvas)
                pen += Int64(glyph.advance)
            }
            return x + Int((pen + 32) >> 6)
        }
        func run(_ range: Range<Int>) {
            for i in range {
                let glyph = glyphs[i]
                draw(glyph, penX: x, pen: pen, baseline: baseline, size: size, color: color, canvas: &canvas)
                pen += Int64(glyph.advance)
            }
        }
        guard let cut = line.ellipsisAt else {
            run(line.start ..< line.end)
            return x + Int((pen + 32) >> 6)
        }
        run(line.start ..< cut)
        let dots = ellipsis(size: size)
        draw(dots, penX: x, pen: pen, baseline: baseline, size: size, color: color, canvas: &canvas)
        pen += Int64(dots.advance)
        run(line.resume ..< line.end)
        return x + Int((pen + 32) >> 6)
    }

    /// Puts the glyphs `line` shows into ``visualOrder``, left to right (rule L2 of the Unicode
    /// Bidirectional Algorithm); its "…" is -1, at the paragraph's level, where the text was cut.
    func orderVisually(_ line: ShapedLine) {
        visualOrder.removeAll(keepingCapacity: true)
        visualLevels.removeAll(keepingCapacity: true)
        func add(_ range: Range<Int>) {
            for i in range {
                visualOrder.append(Int32(i))
                visualLevels.append(glyphs[i].level)
            }
        }
        if let cut = line.ellipsisAt {
            add(line.start ..< cut)
            visualOrder.append(-1)
            visualLevels.append(line.rightToLeft ? 1 : 0)
            add(line.resume ..< line.end)
        } else {
            add(line.start ..< line.end)
        }
        visualOrder.withUnsafeMutableBufferPointer { order in
            visualLevels.withUnsafeMutableBufferPointer { BidiResolver.reorder(order, levels: $0) }
        }
    }

    private func draw(_ glyph: ShapedGlyph, penX: Int, pen: Int64, baseline: Int, size: Int, color: Color, canvas: inout Canvas) {
        let x = penX + Int((pen + Int64(glyph.xOffset) + 32) >> 6)
        let y = baseline - Int((Int64(glyph.yOffset) + 32) >> 6)
        if glyph.glyph == 0 {
            drawMissingGlyphBox(x: x, baseline: y, advance: Int((Int64(glyph.advance) + 32) >> 6), size: size, color: color, canvas: &canvas)
            return
        }
        guard let entry = rendered(glyph, size: size), entry.width > 0, entry.height > 0 else { return }
        let count = Int(entry.width) * Int(entry.height)
        let offset = Int(entry.offset)
        canvas.drawMask(
            cache.arena.slice(from: offset, count: count), width: Int(entry.width), height: Int(entry.height), atX: x + Int(entry.left),
            y: y - Int(entry.top), color: color)
    }

    /// A character no typeface has: a hollow box the height of a capital, so that it shows.
    private func drawMissingGlyphBox(x: Int, baseline: Int, advance: Int, size: Int, color: Color, canvas: inout Canvas) {
        let height = max(size * 7 / 10, 3)
        let width = max(min(advance - 2, size), max(size / 2, 3))
        canvas.strokeRoundedRect(PixelRect(x: x + 1, y: baseline - height, width: width, height: height), radius: 0, width: 1, color: color)
    }
}
