/// Touches: a tap places the caret (and starts editing), a double tap selects a word, a drag
/// from the caret or a handle moves it, and any other drag scrolls.
extension TextView {
    /// What the finger on the view is doing.
    enum TouchMode {
        case none
        /// Moving the caret.
        case caret
        /// Moving the selection's start or end handle.
        case handle(start: Bool)
    }

    /// How near (points) a finger must land to the caret or a handle to take it.
    static let grabDistance = 22.0

    func trackBegan(_ touches: TouchSet) {
        guard let touch = touches.first else { return }
        let p = touch.location(in: self)
        touchMode = .none
        touchStart = p
        touchTravelled = false
        guard isEditing else { return }
        func near(_ offset: Int) -> Bool {
            let r = caretRect(for: offset)
            return abs(p.x - r.midX) <= TextView.grabDistance && p.y >= r.minY - TextView.grabDistance && p.y <= r.maxY + TextView.grabDistance
        }
        if selection.isEmpty {
            if near(selection.lowerBound) { touchMode = .caret }
        } else if near(selection.lowerBound) {
            touchMode = .handle(start: true)
        } else if near(selection.upperBound) {
            touchMode = .handle(start: false)
        }
    }

    func trackMoved(_ touches: TouchSet) {
        guard let touch = touches.first else { return }
        let p = touch.location(in: self)
        if abs(p.x - touchStart.x) > 6 || abs(p.y - touchStart.y) > 6 { touchTravelled = true }
        guard touchTravelled else { return }
        switch touchMode {
        case .none: return
        case .caret:
            moveCaret(to: offset(nearest: p))
        case .handle(let start):
            let o = offset(nearest: p)
            if start {
                let end = selection.upperBound
                select(min(o, previousBoundary(end)) ..< end, anchor: end)
            } else {
                let begin = selection.lowerBound
                select(begin ..< max(o, nextBoundary(begin)), anchor: begin)
            }
        }
    }

    func trackEnded(_ touches: TouchSet) {
        defer { touchMode = .none }
        // A finger that did not travel taps, even on the caret or a handle.
        guard !touchTravelled, let touch = touches.first, !isDragging, !isDecelerating else { return }
        let p = touch.location(in: self)
        guard isEditing || becomeFirstResponder() else { return }
        if touch.tapCount >= 2 {
            selectWord(at: offset(nearest: p))
        } else {
            moveCaret(to: offset(nearest: p))
        }
    }

    /// Whether the scroll view's pan may begin: not while a finger moves the caret or a handle.
    var panMayBegin: Bool {
        if case .none = touchMode { return true }
        return false
    }

    /// Selects the word (letters and digits) around `offset`; on a space, the caret stays.
    func selectWord(at offset: Int) {
        func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        var low = index(at: offset), high = low
        while low > storage.startIndex {
            let before = storage.index(before: low)
            guard isWordCharacter(storage[before]) else { break }
            low = before
        }
        while high < storage.endIndex && isWordCharacter(storage[high]) { high = storage.index(after: high) }
        guard low < high else { return moveCaret(to: offset) }
        select(self.offset(of: low) ..< self.offset(of: high), anchor: self.offset(of: low))
    }
}
