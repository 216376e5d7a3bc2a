import PanelBench
import PanelCore
import PanelGraphics
import Testing

@testable import PanelUI

@Suite("TextView right to left: lines at the right, the caret on the side of the character before it")
@MainActor
struct TextViewRightToLeftTests {
    /// A 300 × 160 text view in DejaVu Sans, in a right-to-left window, editing `text`.
    func editing(_ text: String) -> (Bench, TextView) {
        editingTextView(text, font: labelFonts.font(size: 20), direction: .forceRightToLeft)
    }

    @Test("after a typed Hebrew word the caret is at the word's left edge, which is right of the view's middle")
    func caretAfterHebrew() {
        let (bench, view) = editing("")
        defer { withExtendedLifetime(bench) {} }
        for letter in ["ש", "ל", "ו", "ם"] { view.insertText(letter) }
        let caret = view.caretRect(for: view.text.utf8.count)
        let width = Double(view.font.width(of: "שלום"))
        let right = view.bounds.width - view.textContainerInset.right
        #expect(abs(caret.minX - (right - width)) <= 2, "caret \(caret), right \(right), width \(width)")
    }

    @Test("a tap at the right end of a Hebrew line puts the caret before its first letter")
    func tapAtTheRightEnd() {
        let (bench, view) = editing("שלום עולם")
        let right = view.bounds.width - view.textContainerInset.right
        bench.tap(right - 1, view.textContainerInset.top + Double(view.font.lineHeight) / 2)
        #expect(view.selectedRange.lowerBound == view.text.startIndex)
    }
}
