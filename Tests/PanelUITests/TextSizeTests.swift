import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// The user's text size: 100–200 %, honoured by the built-in controls and the stack layout.
@MainActor
@Suite("Text size: 100–200 %, honoured by every built-in control and by stack layout")
struct TextSizeTests {
    @MainActor
    final class Screen {
        let app = Application(clock: ManualClock())
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))

        init(_ views: View...) {
            for view in views { window.addSubview(view) }
            app.addWindow(window)
            window.makeKeyAndVisible()
            app.runOnce()
        }
    }

    @Test("the text size is held to 100–200 %, and a NaN or infinite one reads as 100 %")
    func clamped() {
        let screen = Screen()
        screen.app.textSize = 3
        #expect(screen.app.textSize == 2)
        screen.app.textSize = 0.5
        #expect(screen.app.textSize == 1)
        screen.app.textSize = .nan
        #expect(screen.app.textSize == 1)
        screen.app.textSize = .infinity
        #expect(screen.app.textSize == 1)
    }

    @Test("at 150 % a label's body text is drawn at 24 px, and its intrinsic size grows to match")
    func labelGrows() {
        let label = Label()
        label.text = "Door code"
        let screen = Screen(label)
        let before = label.intrinsicContentSize
        screen.app.textSize = 1.5
        #expect(label.scaledFont(label.font).size == 24)
        #expect(label.intrinsicContentSize.height == Double(Font.title.lineHeight))
        #expect(label.intrinsicContentSize.width > before.width)
        #expect(label.font == .body)
    }

    @Test("at 200 % a button's title font doubles and the button's intrinsic size grows")
    func buttonGrows() {
        let button = Button()
        button.setTitle("Open", for: .normal)
        let screen = Screen(button)
        let before = button.intrinsicContentSize
        screen.app.textSize = 2
        #expect(button.scaledFont(button.titleFont).size == 32)
        #expect(button.intrinsicContentSize.width > before.width)
        #expect(button.intrinsicContentSize.height > before.height)
    }

    @Test("a TrueType font scales to the exact size: 16 px at 125 % is 20 px")
    func trueTypeExact() throws {
        let family = try FontFamily(contentsOfFiles: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
        let label = Label()
        label.font = family.font(size: 16)
        let screen = Screen(label)
        screen.app.textSize = 1.25
        #expect(label.scaledFont(label.font).size == 20)
    }

    @Test("changing the text size lays a stack view out again from its labels' new sizes, and redraws")
    func stackRelayout() {
        let first = Label()
        first.text = "Brightness"
        let second = Label()
        second.text = "Volume"
        let stack = StackView(arrangedSubviews: [first, second])
        stack.axis = .vertical
        stack.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        let screen = Screen(stack)
        screen.app.runOnce()
        let before = second.frame.minY
        screen.app.textSize = 2
        screen.app.runOnce()
        #expect(second.frame.minY > before)
        #expect(first.frame.height == Double(Font.largeTitle.lineHeight))
    }

    @Test("a text field, a segmented control and a text view draw their text at the text size")
    func inputsScale() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 44))
        let segments = SegmentedControl(items: ["A", "B"])
        let view = TextView(frame: Rect(x: 0, y: 60, width: 300, height: 100))
        let screen = Screen(field, segments, view)
        let narrow = segments.intrinsicContentSize
        screen.app.textSize = 1.5
        #expect(field.scaledFont(field.font).size == 24)
        #expect(segments.intrinsicContentSize.height > narrow.height)
        #expect(view.scaledFont(view.font).size == 24)
    }
}
