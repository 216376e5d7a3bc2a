/// Drawing: the lines in view, the selection behind them, the caret or the selection's
/// handles, and the placeholder.
extension TextView {
    /// The handles' knob diameter.
    static let handleKnob = 10.0

    func drawContent(_ rect: Rect, in canvas: inout Canvas) {
        let lineHeight = shownFont.lineHeight
        let left = Int(textContainerInset.left.rounded()), top = Int(textContainerInset.top.rounded())
        if storage.isEmpty, let placeholder, !placeholder.isEmpty {
            let area = PixelRect(
                snapping: Rect(
                    x: textContainerInset.left, y: textContainerInset.top, width: Double(wrapWidth),
                    height: max(bounds.height - textContainerInset.top - textContainerInset.bottom, 0)))
            canvas.drawText(placeholder, in: PixelRect(x: area.x, y: area.y, width: area.width, height: lineHeight), font: shownFont, color: placeholderColor)
        }
        guard !lines.isEmpty, lineHeight > 0 else { return }
        // The lines that meet the area being drawn.
        let first = max(Int(((rect.minY - Double(top)) / Double(lineHeight)).rounded(.down)), 0)
        let last = min(Int(((rect.maxY - Double(top)) / Double(lineHeight)).rounded(.down)), lines.count - 1)
        guard first <= last else { return drawCaret(in: &canvas) }
        let color = textColor
        for i in first ... last {
            let line = lines[i]
            let y = top + i * lineHeight
            if !selection.isEmpty && selection.lowerBound <= line.next && selection.upperBound >= line.start {
                let from = max(selection.lowerBound, line.start), to = min(selection.upperBound, line.end)
                var (x0, x1) = (x(of: from, onLine: i), x(of: to, onLine: i))
                if x1 < x0 { (x0, x1) = (x1, x0) }
                // A selected line break shows as a little room past the line's end.
                if selection.upperBound > line.end && line.endsParagraph && line.next > line.end { x1 += 6 }
                if x1 > x0 { canvas.fill(PixelRect(x: left + x0, y: y, width: x1 - x0, height: lineHeight), color: tintColor.withAlphaComponent(0.25)) }
            }
            guard line.end > line.start else { continue }
            _ = canvas.drawText(storage[index(at: line.start) ..< index(at: line.end)], at: (left + lineOrigin(i), y), font: shownFont, color: color)
        }
        drawCaret(in: &canvas)
    }

    /// The caret while editing with nothing selected; the selection's two handles otherwise.
    private func drawCaret(in canvas: inout Canvas) {
        guard isEditing else { return }
        if selection.isEmpty {
            guard isCaretVisible else { return }
            canvas.fill(PixelRect(snapping: caretRect(for: selection.lowerBound)), color: tintColor)
            return
        }
        for (end, above) in [(selection.lowerBound, true), (selection.upperBound, false)] {
            let caret = caretRect(for: end)
            canvas.fill(PixelRect(snapping: caret), color: tintColor)
            let knob = TextView.handleKnob
            let y = above ? caret.minY - knob + 1 : caret.maxY - 1
            canvas.fillEllipse(in: PixelRect(snapping: Rect(x: caret.midX - knob / 2, y: y, width: knob, height: knob)), color: tintColor)
        }
    }

    /// Shows the caret and (re)starts its blink while editing; stops it otherwise.
    func restartCaretBlink() {
        if let caretBlinkTimer { window?.application?.cancelTimer(caretBlinkTimer) }
        caretBlinkTimer = nil
        if !isCaretVisible {
            isCaretVisible = true
            setNeedsDisplayAroundCaret()
        }
        guard isEditing, let application = window?.application else { return }
        let interval = MonotonicDuration.milliseconds(500)
        caretBlinkTimer = try? application.scheduleTimer(after: interval, repeating: interval, caretBlinkTurn)
    }
}
