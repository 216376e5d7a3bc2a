extension TextField {
    /// How far the text sits from the left and right edges.
    static let padding = 8.0
    /// The clear button's diameter.
    static let clearButtonSize = 18.0
    /// The most characters before and after the insertion point that are laid out.
    static let visibleWindow = (before: 200, after: 60)

    /// Whether the clear button shows now.
    var showsClearButton: Bool {
        switch clearButtonMode {
        case .never: false
        case .whileEditing: isEditing && hasText
        case .unlessEditing: !isEditing && hasText
        case .always: hasText
        }
    }

    /// Where the clear button is, in bounds coordinates: at the trailing end (the left under a
    /// right-to-left language).
    var clearButtonRect: Rect {
        let size = Self.clearButtonSize
        return flippedForLayoutDirection(Rect(x: bounds.maxX - Self.padding - size, y: bounds.midY - size / 2, width: size, height: size))
    }

    /// Where the text goes: inside the padding, before the clear button when it shows.
    var textRect: Rect {
        var area = bounds.insetBy(dx: Self.padding, dy: 0)
        if showsClearButton {
            let room = Self.clearButtonSize + 4
            area.size.width = max(area.width - room, 0)
            if isRightToLeft { area.origin.x += room }
        }
        return area
    }

    func drawField(in canvas: inout Canvas) {
        let area = PixelRect(snapping: textRect)
        let lineHeight = shownFont.lineHeight
        let y = area.y + (area.height - lineHeight) / 2
        if storage.isEmpty {
            if let placeholder, !placeholder.isEmpty {
                canvas.drawText(placeholder, in: area, font: shownFont, color: placeholderColor, alignment: resolvedAlignment(textAlignment))
            }
            if isEditing && isCaretVisible {
                let x: Int
                switch resolvedAlignment(textAlignment) {
                case .left, .natural: x = area.x
                case .center: x = area.x + area.width / 2
                case .right: x = area.maxX - 2
                }
                drawCaret(at: x, y: y, height: lineHeight, in: &canvas)
            }
        } else {
            fillBuffers()
            // Where the caret goes in the text as drawn: after the character before it, on that
            // character's side (its left edge in Arabic or Hebrew).
            let caretX = shownFont.caretPosition(in: displayBuffer, atUTF8Offset: prefixBuffer.utf8.count)
            let x = textOrigin(in: area, width: shownFont.width(of: displayBuffer), caretX: caretX)
            canvas.pushClip(area)
            canvas.drawText(displayBuffer, at: (x, y), font: shownFont, color: isEnabled ? textColor : textColor.withAlphaComponent(0.4))
            if isEditing && isCaretVisible { drawCaret(at: x + caretX, y: y, height: lineHeight, in: &canvas) }
            canvas.popClip()
        }
        if showsClearButton { drawClearButton(in: &canvas) }
    }

    /// Where the drawn text starts: aligned when it fits; when too long, scrolled so that the
    /// insertion point shows (at the right edge when it is past the end of the box).
    func textOrigin(in area: PixelRect, width total: Int, caretX: Int) -> Int {
        guard total + 2 > area.width else {
            switch resolvedAlignment(textAlignment) {
            case .left, .natural: return area.x
            case .center: return area.x + (area.width - total) / 2
            case .right: return area.maxX - total - 2
            }
        }
        return area.x + min(0, area.width - 2 - caretX)
    }

    /// The insertion point nearest to `x` (bounds coordinates) in the text as it is drawn now:
    /// the character boundary closest to it among the characters laid out around the caret.
    func caretOffset(nearestTo x: Double) -> Int {
        guard !storage.isEmpty else { return 0 }
        fillBuffers()
        let area = PixelRect(snapping: textRect)
        let caretX = shownFont.caretPosition(in: displayBuffer, atUTF8Offset: prefixBuffer.utf8.count)
        let origin = textOrigin(in: area, width: shownFont.width(of: displayBuffer), caretX: caretX)
        let count = storage.count
        let caret = min(caretOffset, count)
        let first = max(caret - Self.visibleWindow.before, 0)
        // Each character boundary's caret position in the text as drawn (in mixed-direction
        // text the boundaries are not in order along the line).
        var best = first
        var bestDistance = abs(x - Double(origin + shownFont.caretPosition(in: displayBuffer, atUTF8Offset: 0)))
        var utf8Offset = 0
        for (index, character) in displayBuffer.enumerated() {
            utf8Offset += character.utf8.count
            let distance = abs(x - Double(origin + shownFont.caretPosition(in: displayBuffer, atUTF8Offset: utf8Offset)))
            if distance < bestDistance {
                bestDistance = distance
                best = first + index + 1
            }
        }
        return min(best, count)
    }

    /// Rebuilds ``displayBuffer`` (the text around the insertion point, or bullets for secure
    /// entry) and ``prefixBuffer`` (its part before the insertion point) in place.
    func fillBuffers() {
        displayBuffer.removeAll(keepingCapacity: true)
        prefixBuffer.removeAll(keepingCapacity: true)
        let count = storage.count
        let caret = min(caretOffset, count)
        let first = max(caret - Self.visibleWindow.before, 0)
        let last = min(caret + Self.visibleWindow.after, count)
        var index = storage.index(storage.startIndex, offsetBy: first)
        var offset = first
        while offset < last {
            let character = storage[index]
            if isSecureTextEntry {
                displayBuffer.append("•")
                if offset < caret { prefixBuffer.append("•") }
            } else {
                displayBuffer.append(character)
                if offset < caret { prefixBuffer.append(character) }
            }
            index = storage.index(after: index)
            offset += 1
        }
    }

    private func drawCaret(at x: Int, y: Int, height: Int, in canvas: inout Canvas) {
        canvas.fill(PixelRect(x: x, y: y, width: 2, height: height), color: tintColor)
    }

    private func drawClearButton(in canvas: inout Canvas) {
        let box = PixelRect(snapping: clearButtonRect)
        let palette = self.palette
        canvas.fillEllipse(in: box, color: palette.secondaryGray)
        let inset = Double(box.width) * 0.3
        let (x0, y0) = (Double(box.x) + inset, Double(box.y) + inset)
        let (x1, y1) = (Double(box.maxX) - inset, Double(box.maxY) - inset)
        canvas.drawLine(from: (x0, y0), to: (x1, y1), width: 1.5, color: palette.onTint)
        canvas.drawLine(from: (x0, y1), to: (x1, y0), width: 1.5, color: palette.onTint)
    }
}
