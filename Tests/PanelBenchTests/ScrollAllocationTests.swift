import MallocInterposerSwift
import PanelBench
import PanelCore
import PanelUI
import Testing

/// A scroll view of tall content in a window, flicked by a finger through the real dispatch,
/// frame clock and timers.
@MainActor
struct FlickScreen {
    let app: Application
    let clock: ManualClock
    let scrollView: ScrollView
    private var identity: UInt32 = 1
    /// When not nil, each finger-down frame's mallocs are counted and appended here.
    var fingerDownMallocs: [Int]?

    /// `scrollView` (by default 100 rows of plain views, 20 000 points tall) filling an
    /// 800×480 window, before its first frame.
    init(_ makeScrollView: @MainActor (Rect) -> ScrollView = FlickScreen.plainRows) {
        clock = ManualClock()
        clock.recordsSleeps = false
        app = Application(clock: clock)
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        app.addWindow(window)
        window.makeKeyAndVisible()
        scrollView = makeScrollView(window.bounds)
        window.addSubview(scrollView)
    }

    static func plainRows(_ frame: Rect) -> ScrollView {
        let scrollView = ScrollView(frame: frame)
        scrollView.contentSize = Size(width: 800, height: 20_000)
        for row in 0 ..< 100 { scrollView.addSubview(View(frame: Rect(x: 0, y: Double(row) * 200, width: 800, height: 190))) }
        return scrollView
    }

    private mutating func frame(_ y: Double, _ phase: TouchPhase) {
        clock.advance(by: .milliseconds(10))
        var frame = TouchFrame(timestamp: clock.now)
        _ = frame.append(Contact(trackID: 0, position: Point(x: 400, y: y), phase: phase, identity: identity))
        if phase == .began, fingerDownMallocs != nil {
            let app = self.app
            let mallocs = countMallocs {
                app.handle(frame)
                app.runOnce()
            }
            fingerDownMallocs?.append(mallocs)
        } else {
            app.handle(frame)
            app.runOnce()
        }
    }

    /// A whole flick: down, a fast drag up, lift, the glide (and a bounce at an edge, when it
    /// reaches one), rest, and the indicators' fade; `downward` flicks the other way.
    /// `glideFrames` cuts the glide short after that many frames (the next finger catches the
    /// list while it moves).
    mutating func flick(downward: Bool = false, glideFrames: Int = 2000) {
        let from = downward ? 100.0 : 400.0, step = downward ? 30.0 : -30.0
        frame(from, .began)
        for i in 1 ... 10 { frame(from + Double(i) * step, .moved) }
        frame(from + 10 * step, .ended)
        identity += 1
        // The glide, the bounce and the fade: until the frame clock has nothing left to run.
        var frames = 0
        while app.frameClock.isRunning && frames < glideFrames {
            clock.advance(by: FrameClock.interval)
            app.runOnce()
            frames += 1
        }
    }
}

extension AllocationTests.EventSystem {
    @Test("a whole flick (down, drag, lift, glide, bounce, rest, indicator fade) allocates nothing", .enabled(if: isOptimizedBuild))
    func flicks() {
        var screen = FlickScreen()
        screen.flick()
        screen.flick(downward: true)
        let mallocs = countMallocs {
            for round in 0 ..< 20 { screen.flick(downward: round % 4 == 3) }
        }
        #expect(screen.scrollView.contentOffset.y > 0, "the flicks moved the content")
        #expect(!screen.app.frameClock.isRunning, "the flicks came to rest")
        #expect(mallocs == 0, "\(mallocs) mallocs in 20 flicks")
    }

    @Test("a flick that runs into the top edge and bounces back allocates nothing", .enabled(if: isOptimizedBuild))
    func bounce() {
        var screen = FlickScreen()
        screen.flick(downward: true)
        let mallocs = countMallocs {
            for _ in 0 ..< 10 { screen.flick(downward: true) }
        }
        #expect(screen.scrollView.contentOffset.y == screen.scrollView.minimumContentOffset.y)
        #expect(mallocs == 0, "\(mallocs) mallocs in 10 bounces")
    }
}

/// The views and controls whose properties are mutated in place.
@MainActor
final class MutationSubjects {
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 40))
    let stepper = Stepper()
    let switchControl = Switch()
    let segmented = SegmentedControl(items: ["A", "B"])
    let button = Button()
    let label = Label()

    init() {
        view.backgroundColor = .white
        scrollView.contentSize = Size(width: 100, height: 10_000)
    }
}

/// Every public geometry and colour property of View, ScrollView and the controls, mutated in
/// place (`view.frame.origin.x += 1`), as an app's code does.
enum InPlaceMutation: String, CaseIterable, Sendable {
    case viewFrameOrigin = "view.frame.origin.x += 1"
    case viewFrameSize = "view.frame.size.width += 1"
    case viewBounds = "view.bounds.origin.y += 1"
    case viewCenter = "view.center.x += 1"
    case viewTransform = "view.transform.tx += 1"
    case viewBackgroundColor = "view.backgroundColor?.red &+= 1"
    case viewCornerRadius = "view.cornerRadius += 1"
    case viewBorderWidth = "view.borderWidth += 1"
    case viewBorderColor = "view.borderColor.green &+= 1"
    case viewAlpha = "view.alpha -= 0.001"
    case scrollContentOffset = "scrollView.contentOffset.y += 7"
    case scrollContentSize = "scrollView.contentSize.height += 1"
    case scrollContentInset = "scrollView.contentInset.top += 1"
    case sliderMinimumTrack = "slider.minimumTrackTintColor.blue &+= 1"
    case sliderMaximumTrack = "slider.maximumTrackTintColor.blue &+= 1"
    case sliderThumb = "slider.thumbTintColor.red &+= 1"
    case sliderValue = "slider.value += 0.001"
    case stepperValue = "stepper.value += 1"
    case stepperTint = "stepper.tintColor.red &+= 1"
    case switchOnTint = "switch.onTintColor.green &+= 1"
    case switchOffTint = "switch.offTintColor.green &+= 1"
    case switchThumbTint = "switch.thumbTintColor.green &+= 1"
    case segmentedTint = "segmented.selectedSegmentTintColor.blue &+= 1"
    case buttonFrame = "button.frame.origin.y += 1"
    case labelFrame = "label.frame.size.height += 1"
    case labelTextColor = "label.textColor.red &+= 1"

    @MainActor
    func apply(to s: MutationSubjects) {
        switch self {
        case .viewFrameOrigin: s.view.frame.origin.x += 1
        case .viewFrameSize: s.view.frame.size.width += 1
        case .viewBounds: s.view.bounds.origin.y += 1
        case .viewCenter: s.view.center.x += 1
        case .viewTransform: s.view.transform.tx += 1
        case .viewBackgroundColor: s.view.backgroundColor?.red &+= 1
        case .viewCornerRadius: s.view.cornerRadius += 1
        case .viewBorderWidth: s.view.borderWidth += 1
        case .viewBorderColor: s.view.borderColor.green &+= 1
        case .viewAlpha: s.view.alpha -= 0.001
        case .scrollContentOffset: s.scrollView.contentOffset.y += 7
        case .scrollContentSize: s.scrollView.contentSize.height += 1
        case .scrollContentInset: s.scrollView.contentInset.top += 1
        case .sliderMinimumTrack: s.slider.minimumTrackTintColor.blue &+= 1
        case .sliderMaximumTrack: s.slider.maximumTrackTintColor.blue &+= 1
        case .sliderThumb: s.slider.thumbTintColor.red &+= 1
        case .sliderValue: s.slider.value += 0.001
        case .stepperValue: s.stepper.value += 1
        case .stepperTint: s.stepper.tintColor.red &+= 1
        case .switchOnTint: s.switchControl.onTintColor.green &+= 1
        case .switchOffTint: s.switchControl.offTintColor.green &+= 1
        case .switchThumbTint: s.switchControl.thumbTintColor.green &+= 1
        case .segmentedTint: s.segmented.selectedSegmentTintColor.blue &+= 1
        case .buttonFrame: s.button.frame.origin.y += 1
        case .labelFrame: s.label.frame.size.height += 1
        case .labelTextColor: s.label.textColor.red &+= 1
        }
    }
}

extension AllocationTests.EventSystem {
    @Test("in-place mutation of a public geometry or colour property allocates nothing", .enabled(if: isOptimizedBuild), arguments: InPlaceMutation.allCases)
    func inPlaceMutation(_ mutation: InPlaceMutation) {
        let subjects = MutationSubjects()
        mutation.apply(to: subjects)
        let mallocs = countMallocs {
            for _ in 0 ..< 100 { mutation.apply(to: subjects) }
        }
        #expect(mallocs == 0, "\(mallocs) mallocs in 100 rounds of \(mutation.rawValue)")
    }
}
