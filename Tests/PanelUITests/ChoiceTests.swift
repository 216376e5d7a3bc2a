import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// Counts the value changes a control sends.
@MainActor
final class ChangeLog {
    var count = 0
}

@MainActor
func press(_ app: Application, _ type: PressType) {
    app.handle(.press(type, .began, timestamp: .zero))
    app.handle(.press(type, .ended, timestamp: .zero))
}

@Suite("Choices: checkboxes and radio groups")
@MainActor
struct ChoiceTests {
    @Test("a tap on a checkbox's label ticks it and sends valueChanged once")
    func checkboxTap() {
        let bench = Bench(width: 400, height: 200)
        let box = bench.add(Checkbox(title: "Print a receipt", frame: Rect(x: 20, y: 20, width: 0, height: 0)))
        let log = ChangeLog()
        box.addAction(.closure("changed") { _, _ in log.count += 1 }, for: .valueChanged)
        bench.tap(20 + Checkbox.boxSide + 30, 42)
        #expect(box.isOn)
        #expect(log.count == 1)
        bench.tap(30, 42)
        #expect(!box.isOn)
        #expect(log.count == 2)
    }

    @Test("a checkbox is as wide as its box and label, and at least 44 points tall")
    func checkboxSize() {
        let box = Checkbox(title: "Ok")
        #expect(box.bounds.height == 44)
        #expect(box.bounds.width > Checkbox.boxSide + Checkbox.spacing)
        #expect(Checkbox().bounds.width == Checkbox.boxSide)
    }

    @Test("select on a focused checkbox toggles it")
    func checkboxSelect() {
        let bench = Bench(width: 400, height: 200)
        let box = bench.add(Checkbox(title: "Lights", frame: Rect(x: 20, y: 20, width: 0, height: 0)))
        bench.window.setFocus(box)
        press(bench.app, .select)
        #expect(box.isOn)
    }

    @Test("a disabled checkbox ignores taps")
    func checkboxDisabled() {
        let bench = Bench(width: 400, height: 200)
        let box = bench.add(Checkbox(title: "Off", frame: Rect(x: 20, y: 20, width: 0, height: 0)))
        box.isEnabled = false
        bench.tap(30, 42)
        #expect(!box.isOn)
    }

    func group(_ bench: Bench) -> (RadioGroup, ChangeLog) {
        let group = bench.add(RadioGroup(titles: ["Single", "Return", "Day pass"], selectedIndex: 0, frame: Rect(x: 20, y: 20, width: 0, height: 0)))
        let log = ChangeLog()
        group.addAction(.closure("changed") { _, _ in log.count += 1 }, for: .valueChanged)
        return (group, log)
    }

    @Test("a tap on an option selects it, one of the group, and sends valueChanged")
    func radioTap() {
        let bench = Bench(width: 400, height: 300)
        let (group, log) = group(bench)
        bench.tap(80, 20 + 44 * 2 + 22)
        #expect(group.selectedIndex == 2)
        #expect(log.count == 1)
        bench.tap(80, 20 + 44 * 2 + 22)
        #expect(log.count == 1)
    }

    @Test("a finger that slides to another option before lifting selects nothing")
    func radioSlideAway() {
        let bench = Bench(width: 400, height: 300)
        let (group, log) = group(bench)
        bench.down(80, 20 + 44 + 22)
        bench.move(80, 20 + 44 * 2 + 22)
        bench.up()
        #expect(group.selectedIndex == 0)
        #expect(log.count == 0)
    }

    @Test("the group is one focus stop: down and up move its selection, and past its end the focus moves on")
    func radioArrows() {
        let bench = Bench(width: 400, height: 400)
        let (group, log) = group(bench)
        let below = bench.add(Button(frame: Rect(x: 20, y: 200, width: 100, height: 44)))
        bench.window.setFocus(group)
        press(bench.app, .downArrow)
        press(bench.app, .downArrow)
        #expect(group.selectedIndex == 2)
        #expect(log.count == 2)
        #expect(bench.window.focusedView === group)
        press(bench.app, .downArrow)
        #expect(bench.window.focusedView === below)
        #expect(group.selectedIndex == 2)
    }

    @Test("a knob moves the selection once select has switched the group to adjusting, and stops at the ends")
    func radioKnob() {
        let bench = Bench(width: 400, height: 300)
        let (group, _) = group(bench)
        group.adjust(byDetents: 5)
        #expect(group.selectedIndex == 2)
        group.adjust(byDetents: -1_000_000)
        #expect(group.selectedIndex == 0)
    }

    @Test("an index outside the options selects none, and removing options clears a selection past them")
    func radioBounds() {
        let group = RadioGroup(titles: ["A", "B"], selectedIndex: 5)
        #expect(group.selectedIndex == nil)
        group.selectedIndex = 1
        group.titles = ["A"]
        #expect(group.selectedIndex == nil)
        let empty = RadioGroup(titles: [])
        empty.adjust(byDetents: 1)
        #expect(empty.selectedIndex == nil)
    }

    @Test("checkboxes off, on and disabled; a radio group with one selected", arguments: goldenFormats.map(\.name))
    func golden(formatName: String) throws {
        let format = goldenFormats.first { $0.name == formatName }!.format
        let bench = Bench(width: 360, height: 200)
        let framebuffer = MemoryFramebuffer(width: 360, height: 200, format: format)
        bench.app.display = Display(framebuffer: framebuffer)
        bench.window.backgroundColor = .white
        let off = bench.add(Checkbox(title: "Receipt", frame: Rect(x: 16, y: 10, width: 0, height: 0)))
        let on = bench.add(Checkbox(title: "Email me", frame: Rect(x: 16, y: 60, width: 0, height: 0)))
        on.isOn = true
        let disabled = bench.add(Checkbox(title: "Locked", frame: Rect(x: 16, y: 110, width: 0, height: 0)))
        disabled.isOn = true
        disabled.isEnabled = false
        _ = off
        bench.add(RadioGroup(titles: ["Single", "Return", "Day pass"], selectedIndex: 1, frame: Rect(x: 190, y: 10, width: 0, height: 0)))
        bench.app.runOnce()
        try GoldenImage.check("choices-\(formatName)", framebuffer)
    }
}
