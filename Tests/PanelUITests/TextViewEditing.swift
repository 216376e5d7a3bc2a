import PanelBench
import PanelCore
import PanelGraphics
import PanelUI

/// A text view on a 400 × 400 bench (no on-screen keyboard), editing `text`: its first
/// responder, laid out, in `font` when one is given, in a window laid out `direction`.
@MainActor
func editingTextView(
    _ text: String = "", width: Double = 300, font: Font? = nil, direction: SemanticContentAttribute = .unspecified
) -> (Bench, TextView) {
    let bench = Bench(width: 400, height: 400)
    bench.window.showsOnScreenKeyboard = false
    bench.window.semanticContentAttribute = direction
    let view = bench.add(TextView(frame: Rect(x: 0, y: 0, width: width, height: 160)))
    if let font { view.font = font }
    view.text = text
    bench.app.layoutIfNeeded()
    view.becomeFirstResponder()
    return (bench, view)
}
