import PanelBench
import PanelCore
import PanelUI
import Testing

/// Nothing of a finished gesture outlives it.
@MainActor
@Suite("Released after use")
struct ReleaseTests {
    @Test("a recognizer whose view is gone is released after a tap it recognized", arguments: ["tap", "pan", "longPress"])
    func recognizerReleased(kind: String) {
        let bench = Bench()
        weak var weakRecognizer: GestureRecognizer?
        weak var weakView: View?
        do {
            let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 200, height: 200)))
            let recognizer: GestureRecognizer =
                switch kind {
                case "tap": TapGestureRecognizer(target: nil, action: .closure("t") { _, _ in })
                case "pan": PanGestureRecognizer(target: nil, action: .closure("p") { _, _ in })
                default: LongPressGestureRecognizer(target: nil, action: .closure("l") { _, _ in })
                }
            view.addGestureRecognizer(recognizer)
            weakRecognizer = recognizer
            weakView = view
            bench.down(50, 50)
            for step in 1 ... 8 { bench.move(50 + Double(step) * 10, 50) }
            bench.up()
            bench.clock.advance(by: .milliseconds(1000))
            bench.app.runOnce()
            view.removeFromSuperview()
        }
        bench.app.runOnce()
        #expect(weakView == nil, "the view outlived the gesture")
        #expect(weakRecognizer == nil, "the recognizer outlived the gesture")
    }

    @Test(
        "recognizers and their view are released after every kind of ending",
        arguments: ["requireToFail", "pinch", "removedWhileDown", "cancelledByApp", "failedMidGesture", "recognizerRemovedWhileDown"])
    func releasedAfterEnding(ending: String) {
        let bench = Bench()
        weak var weakA: GestureRecognizer?
        weak var weakB: GestureRecognizer?
        weak var weakView: View?
        do {
            let view = bench.add(View(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
            weakView = view
            let a: GestureRecognizer, b: GestureRecognizer
            switch ending {
            case "requireToFail":
                let double = TapGestureRecognizer(target: nil, action: .closure("d") { _, _ in })
                double.numberOfTapsRequired = 2
                let single = TapGestureRecognizer(target: nil, action: .closure("s") { _, _ in })
                single.require(toFail: double)
                a = double; b = single
            case "pinch":
                a = PinchGestureRecognizer(target: nil, action: .closure("p") { _, _ in })
                b = RotationGestureRecognizer(target: nil, action: .closure("r") { _, _ in })
            default:
                a = TapGestureRecognizer(target: nil, action: .closure("t") { _, _ in })
                b = PanGestureRecognizer(target: nil, action: .closure("p") { _, _ in })
            }
            view.addGestureRecognizer(a)
            view.addGestureRecognizer(b)
            weakA = a; weakB = b
            switch ending {
            case "requireToFail":
                bench.tap(50, 50)
            case "pinch":
                bench.report([(0, Point(x: 100, y: 100)), (1, Point(x: 200, y: 100))])
                for step in 1 ... 6 { bench.report([(0, Point(x: 100 - Double(step) * 10, y: 100)), (1, Point(x: 200 + Double(step) * 10, y: 100))]) }
                bench.report([(0, nil), (1, nil)])
            case "removedWhileDown":
                bench.down(50, 50)
                bench.move(80, 50)
                view.removeFromSuperview()
                bench.move(120, 50)
                bench.up()
            case "recognizerRemovedWhileDown":
                bench.down(50, 50)
                bench.move(90, 50)
                view.removeGestureRecognizer(a)
                view.removeGestureRecognizer(b)
                bench.move(120, 50)
                bench.up()
            case "cancelledByApp":
                bench.down(50, 50)
                bench.move(90, 50)
                bench.app.cancelAllTouches()
                bench.up()
            default:
                bench.down(50, 50)
                bench.clock.advance(by: .milliseconds(900))  // too long for a tap: the tap fails, the finger stays
                bench.move(51, 50)
                bench.up()
            }
            bench.clock.advance(by: .milliseconds(1000))
            bench.app.fireDueTimers()
            bench.app.runOnce()
            view.removeFromSuperview()
        }
        bench.down(300, 300)
        bench.up()
        bench.app.runOnce()
        #expect(weakView == nil, "the view outlived the gesture")
        #expect(weakA == nil, "the first recognizer outlived the gesture")
        #expect(weakB == nil, "the second recognizer outlived the gesture")
    }

    @Test("an application, its window and recognizers are released when the app goes away after gestures, and its touches let go of them")
    func applicationReleased() {
        weak var weakApp: Application?
        weak var weakWindow: Window?
        weak var weakTouch: Touch?
        weak var weakRecognizer: GestureRecognizer?
        do {
            let bench = Bench()
            let view = bench.add(TouchKeeper(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
            let pan = PanGestureRecognizer(target: nil, action: .closure("p") { _, _ in })
            pan.cancelsTouchesInView = false
            view.addGestureRecognizer(pan)
            bench.down(50, 50)
            for step in 1 ... 6 { bench.move(50 + Double(step) * 10, 50) }
            bench.up()
            bench.tap(100, 100)
            weakApp = bench.app
            weakWindow = bench.window
            weakTouch = view.lastTouch
            weakRecognizer = pan
            #expect(weakTouch != nil)
        }
        #expect(weakApp == nil, "the application outlived its last reference")
        #expect(weakWindow == nil, "the window outlived the application")
        #expect(weakRecognizer == nil, "a recognizer outlived the application")
        // Touches are never deallocated (TouchReservoir): the next application reuses them.
        // One outlives its application only cleared, holding nothing of it.
        #expect(weakTouch?.view == nil && weakTouch?.window == nil, "a touch kept its view or window")
        #expect(weakTouch?.gestureRecognizers.isEmpty ?? true, "a touch kept its recognizers")
    }

    @Test("an application that goes away with a finger still down on a recognizer releases the recognizer, and the touch lets go of it")
    func releasedMidGesture() {
        weak var weakApp: Application?
        weak var weakTouch: Touch?
        weak var weakRecognizer: GestureRecognizer?
        do {
            let bench = Bench()
            let view = bench.add(TouchKeeper(frame: Rect(x: 0, y: 0, width: 400, height: 400)))
            let long = LongPressGestureRecognizer(target: nil, action: .closure("l") { _, _ in })
            view.addGestureRecognizer(long)
            bench.down(50, 50)
            weakApp = bench.app
            weakTouch = view.lastTouch
            weakRecognizer = long
        }
        #expect(weakApp == nil)
        #expect(weakRecognizer == nil, "the recognizer outlived the application")
        #expect(weakTouch?.view == nil && (weakTouch?.gestureRecognizers.isEmpty ?? true), "the touch kept what it referred to")
    }

    @Test("a view that received touches is released once it leaves the window")
    func viewReleased() {
        let bench = Bench()
        weak var weakView: View?
        do {
            let view = bench.add(LoggingView("V", bench.log, frame: Rect(x: 0, y: 0, width: 200, height: 200)))
            weakView = view
            bench.tap(50, 50)
            view.removeFromSuperview()
        }
        bench.app.runOnce()
        #expect(weakView == nil)
    }
}

/// Keeps a weak reference to the last touch it saw.
@MainActor
final class TouchKeeper: View {
    weak var lastTouch: Touch?
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        for touch in touches { lastTouch = touch }
    }
}
