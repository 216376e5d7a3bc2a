import PanelCore

/// The insertion point blinks while the field is editing, on a timer of the application's
/// (no frame clock): on for ``TextField/caretBlinkInterval``, off as long. Typing or moving the
/// insertion point shows it at once and starts the blink over, so it never vanishes under a
/// typing finger. It stops when editing ends or the field leaves its window; with the interval
/// nil the caret is steady and costs no wake-ups.
extension TextField {
    /// Shows the caret and (re)starts its blink timer while editing; stops it otherwise.
    func restartCaretBlink() {
        if let caretBlinkTimer { window?.application?.cancelTimer(caretBlinkTimer) }
        caretBlinkTimer = nil
        if !isCaretVisible {
            isCaretVisible = true
            setNeedsDisplay()
        }
        guard isEditing, let interval = caretBlinkInterval, interval > .zero, let application = window?.application else { return }
        caretBlinkTimer = try? application.scheduleTimer(after: interval, repeating: interval, caretBlinkTurn)
    }
}
