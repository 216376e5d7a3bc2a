import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// A recorder of one control's value changes.
@MainActor
final class Changes {
    var count = 0
    func watch(_ control: Control) {
        control.addAction(.closure("changed") { [weak self] _, _ in self?.count += 1 }, for: .valueChanged)
    }
}

@Suite("Segmented control")
@MainActor
struct SegmentedControlTests {
    func make() -> (Bench, SegmentedControl, Changes) {
        let bench = Bench(width: 400, height: 200)
        let control = SegmentedControl(items: ["Low", "Mid", "High"], frame: Rect(x: 10, y: 10, width: 300, height: 32))
        bench.add(control)
        let changes = Changes()
        changes.watch(control)
        return (bench, control, changes)
    }

    @Test("a tap on a segment selects it and sends valueChanged")
    func tapSelects() {
        let (bench, control, changes) = make()
        bench.tap(160, 26)
        #expect(control.selectedSegmentIndex == 1)
        #expect(changes.count == 1)
    }

    @Test("a tap on the selected segment sends nothing")
    func tapSelectedSendsNothing() {
        let (bench, control, changes) = make()
        control.selectedSegmentIndex = 2
        bench.tap(260, 26)
        #expect(changes.count == 0)
    }

    @Test("a disabled segment ignores taps")
    func disabledSegment() {
        let (bench, control, changes) = make()
        control.setEnabled(false, forSegmentAt: 0)
        bench.tap(50, 26)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(changes.count == 0)
    }

    @Test("a momentary control sends valueChanged for each tap and keeps no selection")
    func momentary() {
        let (bench, control, changes) = make()
        control.isMomentary = true
        bench.tap(160, 26)
        bench.tap(160, 26)
        #expect(changes.count == 2)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    }

    @Test("an index outside the segments selects none; removing the selected segment selects none")
    func outOfRange() {
        let (_, control, _) = make()
        control.selectedSegmentIndex = 7
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        control.selectedSegmentIndex = 2
        control.removeSegment(at: 2)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(control.numberOfSegments == 2)
    }
}

@Suite("Stepper")
@MainActor
struct StepperTests {
    func make() -> (Bench, Stepper, Changes) {
        let bench = Bench(width: 400, height: 200)
        let stepper = Stepper(frame: Rect(x: 10, y: 10, width: 94, height: 32))
        bench.add(stepper)
        let changes = Changes()
        changes.watch(stepper)
        return (bench, stepper, changes)
    }

    @Test("a tap on plus adds a step and sends valueChanged; minus takes one away")
    func plusAndMinus() {
        let (bench, stepper, changes) = make()
        stepper.stepValue = 5
        bench.tap(90, 26)
        bench.tap(90, 26)
        bench.tap(20, 26)
        #expect(stepper.value == 5)
        #expect(changes.count == 3)
    }

    @Test("at the minimum, minus does nothing")
    func stopsAtTheMinimum() {
        let (bench, stepper, changes) = make()
        bench.tap(20, 26)
        #expect(stepper.value == 0)
        #expect(changes.count == 0)
        #expect(!stepper.canDecrement)
    }

    @Test("wrapping goes from the maximum round to the minimum")
    func wraps() {
        let (bench, stepper, _) = make()
        stepper.maximumValue = 3
        stepper.value = 3
        stepper.wraps = true
        bench.tap(90, 26)
        #expect(stepper.value == 0)
    }

    @Test("holding plus repeats after half a second, every tenth")
    func holdRepeats() {
        let (bench, stepper, _) = make()
        bench.down(90, 26)
        #expect(stepper.value == 1)
        bench.animate(milliseconds: 800)
        #expect(stepper.value == 5)
        bench.up()
        bench.animate(milliseconds: 500)
        #expect(stepper.value == 5)
    }

    @Test("absurd limits and values are put right: NaN is the minimum, a maximum below the minimum lowers the minimum")
    func absurdNumbers() {
        let (_, stepper, _) = make()
        stepper.value = .nan
        #expect(stepper.value == 0)
        stepper.minimumValue = 10
        #expect(stepper.maximumValue == 100 && stepper.value == 10)
        stepper.maximumValue = 5
        #expect(stepper.minimumValue == 5 && stepper.value == 5)
        stepper.stepValue = -3
        #expect(stepper.stepValue > 0)
        stepper.maximumValue = .infinity
        #expect(stepper.maximumValue.isFinite)
    }
}

@Suite("Progress view and activity indicator")
@MainActor
struct ProgressAndActivityTests {
    @Test("progress is clamped to 0…1 and NaN counts as 0", arguments: [(Float(1.5), Float(1)), (-2, 0), (.nan, 0), (0.25, 0.25)])
    func progressClamps(input: Float, expected: Float) {
        let view = ProgressView()
        view.progress = input
        #expect(view.progress == expected)
    }

    @Test("an animated progress change fills part way half through the animation")
    func animatedProgress() {
        let (bench, _, framebuffer) = animationBench()
        let view = ProgressView(frame: Rect(x: 0, y: 80, width: 200, height: 4))
        bench.add(view)
        bench.app.runOnce()
        view.setProgress(1, animated: true)
        #expect(view.progress == 1)
        bench.animate(milliseconds: 125)
        #expect(framebuffer.bitmap.color(x: 40, y: 81) == .blue)
        #expect(framebuffer.bitmap.color(x: 180, y: 81) != .blue)
        bench.animate(milliseconds: 300)
        #expect(framebuffer.bitmap.color(x: 180, y: 81) == .blue)
    }

    @Test("an activity indicator turns a spoke every twelfth of a second while animating and stops its timer when stopped")
    func activityTurns() {
        let bench = Bench(width: 100, height: 100)
        let spinner = ActivityIndicatorView()
        bench.add(spinner)
        #expect(spinner.isHidden)
        spinner.startAnimating()
        #expect(!spinner.isHidden)
        bench.animate(milliseconds: 250)
        #expect(spinner.phase == 3)
        spinner.stopAnimating()
        #expect(spinner.isHidden)
        #expect(bench.app.nextTimerDeadline == nil)
    }
}

@Suite("Alert")
@MainActor
struct AlertTests {
    @Test("an alert's button dismisses it and then runs its handler")
    func buttonRunsHandler() {
        let bench = Bench(width: 400, height: 300)
        var chosen: [String] = []
        let alert = AlertController(title: "Delete log?", message: "This cannot be undone.")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { chosen.append($0.title) })
        alert.addAction(AlertAction(title: "Delete", style: .destructive) { chosen.append($0.title) })
        bench.present(alert)
        bench.animate(milliseconds: 300)
        // Two buttons side by side: Cancel left, Delete right, along the box's bottom.
        let box = alert.alertView.box.frame
        bench.tap(box.maxX - 40, box.maxY - 20)
        bench.animate(milliseconds: 300)
        #expect(chosen == ["Delete"])
        #expect(alert.presentingViewController == nil)
    }

    @Test("while an alert is up, nothing behind it can be touched")
    func blocksTouches() {
        let bench = Bench(width: 400, height: 300)
        let button = Button(frame: Rect(x: 10, y: 10, width: 80, height: 44))
        var taps = 0
        button.addAction(.closure("tap") { _, _ in taps += 1 }, for: .touchUpInside)
        bench.add(button)
        let alert = AlertController(title: "Busy", message: nil)
        alert.addAction(AlertAction(title: "OK"))
        bench.present(alert)
        bench.tap(50, 30)
        #expect(taps == 0)
        #expect(bench.window.hitTest(Point(x: 50, y: 30), with: nil) === alert.view)
    }

    @Test("three buttons stack one above another")
    func threeButtonsStack() {
        let bench = Bench(width: 400, height: 300)
        let alert = AlertController(title: "Mode", message: nil)
        for title in ["A", "B", "C"] { alert.addAction(AlertAction(title: title)) }
        bench.present(alert)
        let buttons = alert.alertView.box.subviews.compactMap { $0 as? Button }
        #expect(Set(buttons.map(\.frame.minX)) == [0])
        #expect(Set(buttons.map(\.frame.minY)).count == 3)
    }
}
