import BenchScreens
import PanelBench
import PanelBoards
import PanelCore
import PanelGraphics
import PanelLocale
import PanelUI

// The demo's kiosk screen: every layer of PanelKit on one page.
#if canImport(Glibc)
import PanelKit
import Glibc
#endif

/// A canvas that pans with one finger and zooms with two (pan and pinch recognizers).
@MainActor
final class PanZoomCanvas: View {
    var offset = Point.zero { didSet { setNeedsDisplay() } }
    var zoom = 1.0 { didSet { setNeedsDisplay() } }
    var level: Float = 0.5 { didSet { setNeedsDisplay() } }

    override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let w = bounds.size.width, h = bounds.size.height
        let cx = w / 2 + offset.x, cy = h / 2 + offset.y
        let palette = self.palette
        let dark = traitCollection.userInterfaceStyle == .dark
        let gridColor = palette.fill
        // A 40-unit world grid, drawn around the visible part only.
        let step = 40 * zoom
        if step >= 4 {
            var x = cx.truncatingRemainder(dividingBy: step)
            if x < 0 { x += step }
            while x < w { canvas.fill(PixelRect(x: Int(x), y: 0, width: 1, height: Int(h)), color: gridColor); x += step }
            var y = cy.truncatingRemainder(dividingBy: step)
            if y < 0 { y += step }
            while y < h { canvas.fill(PixelRect(x: 0, y: Int(y), width: Int(w), height: 1), color: gridColor); y += step }
        }
        func world(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (cx + x * zoom, cy + y * zoom) }
        // Axes through the world origin.
        canvas.drawLine(from: world(-1000, 0), to: world(1000, 0), width: 1.5, color: .gray)
        canvas.drawLine(from: world(0, -1000), to: world(0, 1000), width: 1.5, color: .gray)
        // A machine part: a plate, four holes, and a gauge whose arc follows the slider.
        let plate = world(-80, -50)
        canvas.fillRoundedRect(
            PixelRect(x: Int(plate.x), y: Int(plate.y), width: Int(160 * zoom), height: Int(100 * zoom)),
            radius: 12 * zoom, color: dark ? Color(rgb: 0x0A84FF) : Color(rgb: 0x5AC8FA))
        for (hx, hy) in [(-60.0, -30.0), (60, -30), (-60, 30), (60, 30)] {
            let c = world(hx, hy)
            let r = 8 * zoom
            canvas.fillEllipse(in: PixelRect(x: Int(c.x - r), y: Int(c.y - r), width: Int(2 * r), height: Int(2 * r)), color: palette.secondaryBackground)
        }
        let gauge = world(0, 0)
        let radius = 28 * zoom
        let segments = 24
        let sweep = Double(level) * 2 * Double.pi
        var previous = (x: gauge.x, y: gauge.y - radius)
        for i in 1 ... segments {
            let a = sweep * Double(i) / Double(segments) - Double.pi / 2
            let p = (x: gauge.x + radius * cos(a), y: gauge.y + radius * sin(a))
            canvas.drawLine(from: previous, to: p, width: max(2, 5 * zoom), color: .orange)
            previous = p
        }
        _ = canvas.drawText("zoom \(zoom.fixed(2))×", at: (8, Int(h) - 22), font: .caption, color: dark ? .white : .darkGray)
    }
}

/// One line of the demo's event log.
struct EventLogEntry {
    /// Milliseconds since the demo started (the touch source's clock).
    var time: Double
    var text: String
    /// Touch (or timer) to action, when it could be measured.
    var latency: MonotonicDuration?
}

/// The kiosk screen: counter buttons (Reset takes a double tap and a long press), a slider, a
/// switch, a pan/pinch canvas and a status line with the latest touch-to-action latency.
/// The kiosk's root view: first responder, so the panel's buttons (or the simulator's keys)
/// and a shake reach the screen's log.
@MainActor
final class KioskRootView: View {
    var onPress: (Press, String) -> Void = { _, _ in }
    var onShake: (String) -> Void = { _ in }
    var onRemote: (Event.Subtype) -> Void = { _ in }

    override var canBecomeFirstResponder: Bool { true }

    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        for press in presses { onPress(press, "began") }
    }

    override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        for press in presses { onPress(press, "ended") }
    }

    override func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        for press in presses { onPress(press, "cancelled") }
    }

    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { onShake("began") }
    override func motionEnded(_ motion: Event.Subtype, with event: Event?) { onShake("ended") }
    override func motionCancelled(_ motion: Event.Subtype, with event: Event?) { onShake("cancelled") }
    override func remoteControlReceived(with event: Event?) { onRemote(event?.subtype ?? .none) }
}

@MainActor
final class KioskScreen {
    let root: KioskRootView
    let title = Label()
    let counterLabel = Label()
    let plusOne = Button()
    let plusTen = Button()
    let reset = Button()
    let sliderLabel = Label()
    let slider = Slider()
    let switchLabel = Label()
    let darkSwitch = Switch()
    let canvas = PanZoomCanvas()
    let status = Label()
    let settingsButton = Button()
    /// The settings page, pushed on the navigation stack (DemoApp.swift).
    let settings: SettingsList
    let signInButton = Button()
    /// The text page, the second tab: TrueType labels, a name field and a PIN field
    /// (SignInPanel.swift).
    let signIn: SignInPanel
    /// What the buttons that leave the home screen do (DemoApp.swift wires them).
    var onOpenSettings: () -> Void = {}
    var onOpenSignIn: () -> Void = {}
    var onCloseSignIn: () -> Void = {}

    private(set) var count = 0
    private(set) var locked = false
    private(set) var log: [EventLogEntry] = []
    /// Set by the runner: milliseconds since start, and the latency of the action running now.
    var now: () -> Double = { 0 }
    var measureLatency: () -> MonotonicDuration? = { nil }
    /// Called with each new log entry (the demo prints them as they happen).
    var onLog: (EventLogEntry) -> Void = { _ in }

    private var signInTimer: TimerHandle?
    private var panStart = Point.zero
    private var pinchStart = 1.0

    init(size: Size, boardName: String, fonts: FontFamily? = nil) {
        root = KioskRootView(frame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        root.paletteBackground = \.groupedBackground
        let compact = size.height < 400
        // A short panel (a 4.3" 480×272) has no room for the whole column: the title goes (the
        // navigation bar names the screen), and the switch and the page buttons move under the
        // canvas.
        let short = size.height < 260
        let m = compact ? 6.0 : 12.0
        let statusHeight = compact ? 20.0 : 28.0
        let rowHeight = compact ? 34.0 : 48.0
        let gap = compact ? 4.0 : 8.0

        title.text = "PanelKit · \(boardName)"
        title.isHidden = short
        // The board's fonts where it has them: they cover the languages the demo speaks.
        func font(_ size: Double) -> Font { fonts?.font(size: size) ?? .system(size: size) }
        // (Smaller in a portrait column, where a long board name would not fit.)
        title.font = font(compact ? 16 : size.width < size.height ? 20 : 24)
        counterLabel.font = font(32)
        // The numbers' titles are the same in every language; Reset's is set with the others'.
        plusOne.setTitle("+1", for: .normal)
        plusTen.setTitle("+10", for: .normal)
        for button in [plusOne, plusTen, reset] {
            button.titleFont = font(compact ? 16 : 24)
            button.paletteBackground = \.secondaryBackground
            button.cornerRadius = 10
            button.borderWidth = 1
            button.paletteBorder = \.secondaryFill
        }
        sliderLabel.font = font(12)
        slider.value = 0.25
        // Each control speaks for the label beside it ("Dark mode, off, switch").
        sliderLabel.isAccessibilityElement = false
        switchLabel.isAccessibilityElement = false
        for button in [settingsButton, signInButton] {
            button.titleFont = font(compact ? 16 : 24)
            button.cornerRadius = 10
        }
        // The compact layout draws 34-point rows; a finger still gets 44 points.
        for button in [plusOne, plusTen, reset, settingsButton, signInButton] { button.minimumTouchTarget = Size(width: 44, height: 44) }
        canvas.paletteBackground = \.secondaryBackground
        canvas.cornerRadius = 12
        canvas.clipsToBounds = true
        canvas.borderWidth = 1
        canvas.paletteBorder = \.secondaryFill

        settings = SettingsList(frame: Rect(origin: .zero, size: size))
        signIn = SignInPanel(frame: Rect(origin: .zero, size: size), fonts: fonts, compact: compact)

        status.backgroundColor = Color(rgb: 0x1C1C1E)
        status.textColor = .white
        status.font = font(compact ? 12 : 16)
        status.text = "  ready: touch anything"

        // Laid out by constraints: a column of controls on the leading 44 % of the screen, the
        // canvas beside it, the status line across the bottom (mirrored under Arabic).
        let counterRow = StackView(arrangedSubviews: [plusOne, plusTen, reset])
        let pageRow = StackView(arrangedSubviews: [settingsButton, signInButton])
        for row in [counterRow, pageRow] { (row.distribution, row.spacing) = (.fillEqually, gap) }
        let views: [View] = [title, counterLabel, counterRow, sliderLabel, slider, switchLabel, darkSwitch, pageRow, canvas, status]
        for view in views {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: m, leading: m, bottom: m, trailing: m)
        let margins = root.layoutMarginsGuide
        let column = LayoutGuide()
        root.addLayoutGuide(column)
        // The canvas's place (it mirrors with the screen); the canvas is held to it by its left
        // and right edges, as its own direction is spatial: it never mirrors.
        let area = LayoutGuide()
        root.addLayoutGuide(area)
        let top = short ? counterLabel.topAnchor.constraint(equalTo: margins.topAnchor) : title.topAnchor.constraint(equalTo: margins.topAnchor)
        var constraints = [
            column.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            column.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.44, constant: -m),
            column.topAnchor.constraint(equalTo: margins.topAnchor), top,
            title.leadingAnchor.constraint(equalTo: column.leadingAnchor),
            title.trailingAnchor.constraint(equalTo: column.trailingAnchor),
            counterLabel.leadingAnchor.constraint(equalTo: column.leadingAnchor),
            counterLabel.trailingAnchor.constraint(equalTo: column.trailingAnchor),
            counterLabel.heightAnchor.constraint(equalToConstant: compact ? 34 : 44),
            counterRow.topAnchor.constraint(equalTo: counterLabel.bottomAnchor, constant: compact ? 4 : 10),
            counterRow.leadingAnchor.constraint(equalTo: column.leadingAnchor),
            counterRow.trailingAnchor.constraint(equalTo: column.trailingAnchor),
            counterRow.heightAnchor.constraint(equalToConstant: rowHeight),
            sliderLabel.topAnchor.constraint(equalTo: counterRow.bottomAnchor, constant: compact ? 8 : 16),
            sliderLabel.leadingAnchor.constraint(equalTo: column.leadingAnchor),
            sliderLabel.trailingAnchor.constraint(equalTo: column.trailingAnchor),
            slider.topAnchor.constraint(equalTo: sliderLabel.bottomAnchor),
            slider.leadingAnchor.constraint(equalTo: column.leadingAnchor),
            slider.trailingAnchor.constraint(equalTo: column.trailingAnchor),
            slider.heightAnchor.constraint(equalToConstant: compact ? 30 : 40),
            switchLabel.centerYAnchor.constraint(equalTo: darkSwitch.centerYAnchor),
            switchLabel.trailingAnchor.constraint(lessThanOrEqualTo: darkSwitch.leadingAnchor, constant: -8),
            pageRow.heightAnchor.constraint(equalToConstant: rowHeight),
            area.topAnchor.constraint(equalTo: margins.topAnchor),
            area.leadingAnchor.constraint(equalTo: column.trailingAnchor, constant: m),
            area.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            canvas.leftAnchor.constraint(equalTo: area.leftAnchor), canvas.rightAnchor.constraint(equalTo: area.rightAnchor),
            canvas.topAnchor.constraint(equalTo: area.topAnchor), canvas.bottomAnchor.constraint(equalTo: area.bottomAnchor),
            status.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            status.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            status.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            status.heightAnchor.constraint(equalToConstant: statusHeight),
        ]
        if short {
            // Under the canvas: the switch, then the page buttons.
            constraints += [
                pageRow.leadingAnchor.constraint(equalTo: area.leadingAnchor),
                pageRow.trailingAnchor.constraint(equalTo: area.trailingAnchor),
                pageRow.bottomAnchor.constraint(equalTo: status.topAnchor, constant: -m),
                darkSwitch.bottomAnchor.constraint(equalTo: pageRow.topAnchor, constant: -gap),
                darkSwitch.trailingAnchor.constraint(equalTo: area.trailingAnchor),
                switchLabel.leadingAnchor.constraint(equalTo: area.leadingAnchor),
                area.bottomAnchor.constraint(equalTo: pageRow.topAnchor, constant: -2 * gap - darkSwitch.intrinsicContentSize.height),
            ]
        } else {
            constraints += [
                counterLabel.topAnchor.constraint(equalTo: title.bottomAnchor, constant: compact ? 2 : 6),
                darkSwitch.topAnchor.constraint(equalTo: slider.bottomAnchor, constant: compact ? 6 : 14),
                darkSwitch.trailingAnchor.constraint(equalTo: column.trailingAnchor),
                switchLabel.leadingAnchor.constraint(equalTo: column.leadingAnchor),
                pageRow.topAnchor.constraint(equalTo: darkSwitch.bottomAnchor, constant: compact ? 8 : 16),
                pageRow.leadingAnchor.constraint(equalTo: column.leadingAnchor),
                pageRow.trailingAnchor.constraint(equalTo: column.trailingAnchor),
                area.bottomAnchor.constraint(equalTo: status.topAnchor, constant: -m),
            ]
        }
        LayoutConstraint.activate(constraints)
        // The canvas is a picture of space: it does not mirror.
        canvas.semanticContentAttribute = .spatial
        wire()
        // The screen's words, in the app's language, fetched again when it changes (under Arabic
        // the root view mirrors the screen).
        root.applyLanguage { [unowned self] _, strings in
            self.strings = strings
            self.reset.setTitle(strings.localized("Reset"), for: .normal)
            self.settingsButton.setTitle(strings.localized("Settings"), for: .normal)
            self.signInButton.setTitle(strings.localized("Sign in"), for: .normal)
            self.switchLabel.text = strings.localized("Dark mode")
            self.darkSwitch.accessibilityLabel = self.switchLabel.text
            self.slider.accessibilityLabel = strings.localized("Level")
            self.updateCounter()
            self.updateSliderLabel()
        }
    }

    /// The app's strings (the source strings until the screen joins the app).
    private var strings = Translator()

    /// Leaves the sign-in page: editing ends (the keyboard goes down), the kiosk tab comes
    /// back, and the kiosk takes the panel's buttons, remote and shakes again.
    func closeSignIn() {
        signIn.name.resignFirstResponder()
        signIn.pin.resignFirstResponder()
        onCloseSignIn()
        _ = root.becomeFirstResponder()
        record("sign-in closed")
    }

    /// Signing in: the spinner turns and the bar fills a quarter every 0.25 s, then an alert
    /// says so.
    func startSigningIn() {
        guard signInTimer == nil, let window = signIn.view.window, let application = window.application else { return }
        record("signing in")
        signIn.spinner.startAnimating()
        signIn.progress.setProgress(0, animated: false)
        signInTimer = try? application.scheduleTimer(after: .milliseconds(250), repeating: .milliseconds(250)) { [unowned self] handle in
            let next = self.signIn.progress.progress + 0.25
            self.signIn.progress.setProgress(next, animated: true)
            guard next >= 1 else { return }
            application.cancelTimer(handle)
            self.signInTimer = nil
            self.signIn.spinner.stopAnimating()
            self.record("signed in: alert shown")
            window.rootViewController?.present(self.signIn.signedIn, animated: true)
        }
    }

    private func wire() {
        signInButton.addAction(.closure("openSignIn") { [unowned self] _, _ in self.onOpenSignIn() }, for: .touchUpInside)
        signIn.done.addAction(.closure("closeSignIn") { [unowned self] _, _ in self.closeSignIn() }, for: .touchUpInside)
        signIn.name.addAction(.closure("nameEntered") { [unowned self] _, _ in self.record("name entered: \(self.signIn.name.text)") }, for: .editingDidEnd)
        signIn.pin.addAction(
            .closure("pinEntered") { [unowned self] _, _ in
                self.record("PIN entered: \(self.signIn.pin.text.count) digits")
                if self.signIn.pin.text.count == 4 { self.startSigningIn() }
            }, for: .editingDidEnd)
        signIn.language.addAction(
            .closure("language") { [unowned self] _, _ in
                let index = self.signIn.language.selectedSegmentIndex
                guard SignInPanel.languages.indices.contains(index), let application = self.signIn.view.window?.application else { return }
                // The whole app changes language: every screen's strings are fetched again.
                let issue = application.setLanguage(SignInPanel.languages[index].language)
                self.record("language: \(SignInPanel.languages[index].name)" + (issue.map { " (\($0))" } ?? ""))
            }, for: .valueChanged)
        signIn.tickets.addAction(
            .closure("ticketCount") { [unowned self] _, _ in self.record("tickets: \(Int(self.signIn.tickets.value))") }, for: .valueChanged)
        settingsButton.addAction(.closure("openSettings") { [unowned self] _, _ in self.onOpenSettings() }, for: .touchUpInside)
        for toggle in settings.switches {
            toggle.addAction(
                .closure("setting") { [unowned self] sender, _ in
                    guard let toggle = sender as? Switch else { return }
                    self.record("\(self.settings.titles[ObjectIdentifier(toggle)] ?? "setting") \(toggle.isOn ? "on" : "off")")
                }, for: .valueChanged)
        }
        root.onPress = { [unowned self] press, phase in self.record("press \(press.type) \(phase)", touch: false) }
        root.onShake = { [unowned self] phase in self.record("shake \(phase)", touch: false) }
        root.onRemote = { [unowned self] subtype in self.record("remote \(subtype)", touch: false) }
        plusOne.addAction(.closure("plusOne") { [unowned self] _, _ in self.add(1, from: "+1") }, for: .touchUpInside)
        plusTen.addAction(.closure("plusTen") { [unowned self] _, _ in self.add(10, from: "+10") }, for: .touchUpInside)

        let doubleTap = TapGestureRecognizer(
            target: nil,
            action: .closure("resetCount") { [unowned self] _, _ in
                self.count = 0
                self.updateCounter()
                self.record("Reset double tap: count 0")
            })
        doubleTap.numberOfTapsRequired = 2
        reset.addGestureRecognizer(doubleTap)
        let longPress = LongPressGestureRecognizer(
            target: nil,
            action: .closure("lock") { [unowned self] sender, _ in
                guard let press = sender as? LongPressGestureRecognizer, press.state == .began else { return }
                self.locked.toggle()
                self.plusOne.isEnabled = !self.locked
                self.plusTen.isEnabled = !self.locked
                self.reset.setTitle(self.locked ? "Locked" : "Reset", for: .normal)
                self.record("Reset long press: counter \(self.locked ? "locked" : "unlocked")")
            })
        reset.addGestureRecognizer(longPress)

        slider.addAction(
            .closure("level") { [unowned self] _, _ in
                self.updateSliderLabel()
                self.canvas.level = self.slider.value
            }, for: .valueChanged)
        slider.addAction(
            .closure("levelDone") { [unowned self] _, _ in
                self.record("slider released: level \(Int((self.slider.value * 100).rounded())) %")
            }, for: [.touchUpInside, .touchUpOutside])
        darkSwitch.addAction(
            .closure("dark") { [unowned self] _, _ in
                // The whole app turns dark or light: every view redraws from the theme's palette.
                self.root.window?.application?.userInterfaceStyle = self.darkSwitch.isOn ? .dark : .light
                self.record("switch: dark mode \(self.darkSwitch.isOn ? "on" : "off")")
            }, for: .valueChanged)

        let pan = PanGestureRecognizer(
            target: nil,
            action: .closure("pan") { [unowned self] sender, _ in
                guard let pan = sender as? PanGestureRecognizer else { return }
                switch pan.state {
                case .began: self.panStart = self.canvas.offset
                case .changed:
                    let t = pan.translation(in: self.canvas)
                    self.canvas.offset = Point(x: self.panStart.x + t.x, y: self.panStart.y + t.y)
                case .ended:
                    self.record("canvas pan: offset (\(Int(self.canvas.offset.x)), \(Int(self.canvas.offset.y)))")
                default: break
                }
            })
        canvas.addGestureRecognizer(pan)
        let pinch = PinchGestureRecognizer(
            target: nil,
            action: .closure("pinch") { [unowned self] sender, _ in
                guard let pinch = sender as? PinchGestureRecognizer else { return }
                switch pinch.state {
                case .began: self.pinchStart = self.canvas.zoom
                case .changed: self.canvas.zoom = min(8, max(0.25, self.pinchStart * pinch.scale))
                case .ended: self.record("canvas pinch: zoom \(self.canvas.zoom.fixed(2))×")
                default: break
                }
            })
        canvas.addGestureRecognizer(pinch)
    }

    private func add(_ n: Int, from button: String) {
        count += n
        updateCounter()
        record("\(button) touchUpInside: count \(count)")
    }

    private func updateCounter() { counterLabel.text = strings.localized("Count %d", number: count) }
    private func updateSliderLabel() { sliderLabel.text = strings.localized("Level %d %%", number: Int((slider.value * 100).rounded())) }

    /// Logs an action; `touch` says whether a touch caused it (and its latency is measured).
    func record(_ text: String, touch: Bool = true) {
        let latency = touch ? measureLatency() : nil
        let entry = EventLogEntry(time: now(), text: text, latency: latency)
        log.append(entry)
        status.text = "  \(text)" + (latency.map { " · touch-to-action \(formatLatency($0))" } ?? "")
        onLog(entry)
    }
}

func formatLatency(_ d: MonotonicDuration) -> String {
    let micros = Double(d.nanoseconds) / 1000
    return micros < 1000 ? "\(micros.fixed(0)) µs" : "\((micros / 1000).fixed(2)) ms"
}
