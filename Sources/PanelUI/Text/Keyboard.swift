/// The on-screen keyboard: types into its window's first responder when that is a ``KeyInput``.
///
/// The window shows it when a key input becomes first responder and hides it when that ends
/// (Window+Keyboard.swift); it slides in and out from the bottom, and the window tells its
/// root view controller the frame it will cover (``ViewController/keyboardWillChangeFrame(_:)``).
///
/// Pages: letters (``alphabet``: the app's language's; QWERTY with shift, whose one tap makes
/// the next letter upper case, two quick taps caps lock and a tap off; or Arabic or Hebrew,
/// which have no case), numbers and punctuation, more symbols, a number pad and a PIN pad,
/// chosen by the input's ``KeyInput/keyboardType``. A character key shows a pop-up of its
/// character while pressed and types when the finger lifts on it (sliding to another key
/// moves the press there); backspace deletes on touch-down and repeats while held (after 0.5 s,
/// every 0.1 s); return types "\n". Several fingers may type at once.
@MainActor
open class Keyboard: View {
    /// The page shown.
    private(set) var page = KeyboardPage.letters
    /// The keys of the page, laid out for the current bounds.
    private(set) var keys: [KeyboardKey] = []
    /// Shift state: off, on for the next letter, or locked.
    public enum ShiftState: Sendable, Hashable { case off, once, locked }
    /// Whether the next letters are upper case.
    public private(set) var shift = ShiftState.off
    private var lastShiftTap = MonotonicInstant.zero
    /// The keys under fingers, by touch.
    private var pressed: [(touch: Touch, key: Int)] = []
    private var repeatTimer: TimerHandle?
    private let popup = KeyPopup()
    /// The keys as a screen reader's elements, while one is on (Keyboard+Accessibility.swift).
    var keyElements: [KeyboardKeyElement] = []
    /// The input the keyboard is set up for.
    private var inputType = KeyboardType.default
    /// The letters of the letters page; nil (the default): the app's language's
    /// (``KeyboardAlphabet/init(language:)``), Latin for email addresses.
    public var alphabet: KeyboardAlphabet? {
        didSet { if alphabet != oldValue { relayout() } }
    }
    /// The alphabet shown now.
    var shownAlphabet: KeyboardAlphabet {
        if let alphabet { return alphabet }
        guard inputType != .emailAddress, let language = window?.application?.language else { return .latin }
        return KeyboardAlphabet(language: language)
    }
    private var returnTitle = ReturnKeyType.default.title

    /// How long backspace waits before repeating, and how often it then repeats.
    public static let repeatDelay = MonotonicDuration.milliseconds(500)
    /// How often backspace repeats once it has started repeating.
    public static let repeatInterval = MonotonicDuration.milliseconds(100)
    /// Two shift taps within this make caps lock.
    public static let capsLockInterval = MonotonicDuration.milliseconds(350)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        paletteBackground = \.keyboardBackground
        isMultipleTouchEnabled = true
        popup.isHidden = true
        popup.isUserInteractionEnabled = false
        addSubview(popup)
    }

    /// Sets the keyboard up for `input`: its keyboard type's first page and its return key.
    func configure(for input: KeyInput) {
        inputType = input.keyboardType
        returnTitle = input.returnKeyType.title
        page = KeyboardPage.first(for: inputType)
        shift = .off
        cancelPresses()
        relayout()
    }

    /// The height the keyboard takes in a window `height` points tall: four rows of keys at
    /// most 54 points each, at most 45 % of the window.
    public static func height(inWindowOfHeight height: Double) -> Double {
        min(height * 0.45, 4 * 54 + 3 * KeyboardLayout.gap + 2 * KeyboardLayout.margin)
    }

    open override func layoutSubviews() {
        relayout()
    }

    private func relayout() {
        keys = KeyboardLayout.keys(page: page, type: inputType, alphabet: shownAlphabet, returnTitle: returnTitle, size: bounds.size)
        updateKeyElements()
        setNeedsDisplay()
    }

    private var target: KeyInput? { window?.firstResponder as? KeyInput }

    /// Where the key labelled `title` is, in the keyboard's bounds coordinates ("space",
    /// "shift", "delete", "return" for those keys; a character key by its lower-case
    /// character; "123", "ABC", "#+=" for the page keys): for scripted sessions and tests.
    public func frame(ofKey title: String) -> Rect? {
        keys.first { Self.key($0, isTitled: title) }?.frame
    }

    /// Where the key labelled `title` (as ``frame(ofKey:)``) is on the first page of the
    /// keyboard for `keyboardType` with `alphabet`'s letters (the app's language's:
    /// ``KeyboardAlphabet/init(language:)``), in the coordinates of a window of `size` with the
    /// keyboard up: for building a scripted session before the keyboard exists.
    public static func frame(
        ofKey title: String, keyboardType: KeyboardType, alphabet: KeyboardAlphabet = .latin, inWindowOfSize size: Size
    ) -> Rect? {
        let height = Self.height(inWindowOfHeight: size.height)
        let keys = KeyboardLayout.keys(
            page: KeyboardPage.first(for: keyboardType), type: keyboardType, alphabet: alphabet, returnTitle: ReturnKeyType.default.title,
            size: Size(width: size.width, height: height))
        return keys.first { key($0, isTitled: title) }?.frame.offsetBy(dx: 0, dy: size.height - height)
    }

    /// The page key to tap next ("123", "#+=" or "ABC") to bring the key titled `title` (as
    /// ``frame(ofKey:)`` names it) on screen, by the fewest page changes: what a scripted session
    /// taps before a digit on the letters page. Nil when the key is shown now, or when no page of
    /// this keyboard has it.
    public func pageKey(toReach title: String) -> String? {
        guard frame(ofKey: title) == nil else { return nil }
        func keys(on page: KeyboardPage) -> [KeyboardKey] {
            KeyboardLayout.keys(page: page, type: inputType, alphabet: shownAlphabet, returnTitle: returnTitle, size: bounds.size)
        }
        // Breadth first over the pages, remembering the first page key of each path.
        var queue: [(page: KeyboardPage, first: String?)] = [(page, nil)]
        var seen = [page]
        while !queue.isEmpty {
            let (current, first) = queue.removeFirst()
            for key in keys(on: current) {
                guard case .page(let next) = key.kind, !seen.contains(next) else { continue }
                seen.append(next)
                let step = first ?? key.title
                if keys(on: next).contains(where: { Self.key($0, isTitled: title) }) { return step }
                queue.append((next, step))
            }
        }
        return nil
    }

    /// The titles of the keys on the page shown, in order (character keys by their character).
    public var keyTitles: [String] { keys.map(Self.title(of:)) }

    private static func title(of key: KeyboardKey) -> String {
        switch key.kind {
        case .shift: "shift"
        case .backspace: "delete"
        case .returnKey: "return"
        case .space: "space"
        case .character(let text): text
        case .page: key.title
        }
    }

    private static func key(_ key: KeyboardKey, isTitled title: String) -> Bool { Self.title(of: key) == title }

    // MARK: - Touches

    private func key(at point: Point) -> Int? {
        // The nearest key: the gaps between keys belong to a key too, as on a phone.
        var best: Int?
        var bestDistance = Double.infinity
        for (index, key) in keys.enumerated() {
            if key.frame.contains(point) { return index }
            let dx = max(key.frame.minX - point.x, 0, point.x - key.frame.maxX)
            let dy = max(key.frame.minY - point.y, 0, point.y - key.frame.maxY)
            let distance = dx * dx + dy * dy
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return bestDistance <= KeyboardLayout.gap * KeyboardLayout.gap ? best : nil
    }

    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        for touch in touches {
            guard let index = key(at: touch.location(in: self)) else { continue }
            pressed.append((touch, index))
            keyWentDown(index)
        }
        setNeedsDisplay()
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        for touch in touches {
            guard let slot = pressed.firstIndex(where: { $0.touch === touch }) else { continue }
            let current = pressed[slot].key
            // Backspace keeps its press (and its repeat) wherever the finger goes.
            guard keys[current].kind != .backspace, let index = key(at: touch.location(in: self)), index != current else { continue }
            pressed[slot].key = index
            showPopup(for: index)
        }
        setNeedsDisplay()
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        for touch in touches {
            guard let slot = pressed.firstIndex(where: { $0.touch === touch }) else { continue }
            let index = pressed[slot].key
            pressed.remove(at: slot)
            keyWentUp(index)
        }
        if pressed.isEmpty { popup.isHidden = true }
        setNeedsDisplay()
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        for touch in touches {
            pressed.removeAll { $0.touch === touch }
        }
        if pressed.isEmpty {
            popup.isHidden = true
            stopRepeating()
        }
        setNeedsDisplay()
    }

    private func cancelPresses() {
        pressed.removeAll()
        popup.isHidden = true
        stopRepeating()
    }

    // MARK: - Keys

    private func keyWentDown(_ index: Int) {
        switch keys[index].kind {
        case .backspace:
            target?.deleteBackward()
            window?.application?.screenReader?.didDeleteBackward()
            startRepeating()
        case .character:
            showPopup(for: index)
        default:
            break
        }
    }

    private func keyWentUp(_ index: Int) {
        let key = keys[index]
        switch key.kind {
        case .character(let text):
            type(shift == .off ? text : key.shiftedText)
            if shift == .once {
                shift = .off
            }
        case .space:
            type(" ")
        case .returnKey:
            type("\n")
        case .backspace:
            stopRepeating()
        case .shift:
            shiftTapped()
        case .page(let next):
            page = next
            shift = .off
            relayout()
        }
    }

    private func type(_ text: String) {
        target?.insertText(text)
        window?.application?.screenReader?.didType(text)
    }

    private func shiftTapped() {
        let now = window?.application?.clock.now ?? .zero
        switch shift {
        case .off:
            shift = .once
            lastShiftTap = now
        case .once:
            shift = now - lastShiftTap <= Self.capsLockInterval ? .locked : .off
        case .locked:
            shift = .off
        }
    }

    /// Made once, so that holding delete allocates nothing.
    private lazy var repeatHandler: @MainActor (TimerHandle) -> Void = { [weak self] _ in self?.target?.deleteBackward() }

    private func startRepeating() {
        stopRepeating()
        guard let application = window?.application else { return }
        repeatTimer = try? application.scheduleTimer(after: Self.repeatDelay, repeating: Self.repeatInterval, repeatHandler)
    }

    private func stopRepeating() {
        if let repeatTimer { window?.application?.cancelTimer(repeatTimer) }
        repeatTimer = nil
    }

    private func showPopup(for index: Int) {
        let key = keys[index]
        guard case .character(let text) = key.kind else {
            popup.isHidden = true
            return
        }
        popup.text = shift == .off ? text : key.shiftedText
        let width = key.frame.width + 16
        let height = key.frame.height * 1.6
        popup.frame = Rect(x: key.frame.midX - width / 2, y: key.frame.maxY - height - key.frame.height, width: width, height: height)
        popup.isHidden = false
    }

    // MARK: - Drawing

    /// Whether the key at `index` is under a finger.
    func isPressed(_ index: Int) -> Bool { pressed.contains { $0.key == index } }

    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let palette = self.palette
        for (index, key) in keys.enumerated() {
            drawKey(key, pressed: isPressed(index), palette: palette, in: &canvas)
        }
    }

    private func drawKey(_ key: KeyboardKey, pressed: Bool, palette: Palette, in canvas: inout Canvas) {
        let box = PixelRect(snapping: key.frame)
        let lit = key.kind == .shift && shift != .off
        var face = key.isFunctionKey ? palette.functionKeyFace : palette.keyFace
        if lit { face = palette.keyFace }
        if pressed { face = key.isFunctionKey ? palette.keyFace : palette.functionKeyFace }
        // A shadow line under each key, as UIKit draws them.
        canvas.fillRoundedRect(box.offsetBy(dx: 0, dy: 1), radius: 5, color: palette.keyShadow)
        canvas.fillRoundedRect(box, radius: 5, color: face)
        let ink = palette.keyLabel
        switch key.kind {
        case .shift: drawShiftArrow(in: box, filled: shift != .off, locked: shift == .locked, color: ink, canvas: &canvas)
        case .backspace: drawBackspace(in: box, color: ink, canvas: &canvas)
        case .character(let text):
            let shown = shift == .off ? text : key.shiftedText
            canvas.drawText(shown, in: box, font: box.height >= 40 ? .title : .body, color: ink, alignment: .center)
        default:
            canvas.drawText(key.title, in: box, font: .body, color: ink, alignment: .center)
        }
    }

    private func drawShiftArrow(in box: PixelRect, filled: Bool, locked: Bool, color: Color, canvas: inout Canvas) {
        let cx = Double(box.x) + Double(box.width) / 2
        let cy = Double(box.y) + Double(box.height) / 2
        let s = Double(min(box.width, box.height)) * 0.22
        let points = [
            (cx, cy - s * 1.3), (cx + s * 1.2, cy), (cx + s * 0.5, cy), (cx + s * 0.5, cy + s), (cx - s * 0.5, cy + s), (cx - s * 0.5, cy), (cx - s * 1.2, cy),
        ]
        for i in points.indices {
            canvas.drawLine(from: points[i], to: points[(i + 1) % points.count], width: filled ? 2.5 : 1.5, color: color)
        }
        if locked { canvas.drawLine(from: (cx - s * 0.6, cy + s * 1.5), to: (cx + s * 0.6, cy + s * 1.5), width: 2, color: color) }
    }

    private func drawBackspace(in box: PixelRect, color: Color, canvas: inout Canvas) {
        let cx = Double(box.x) + Double(box.width) / 2
        let cy = Double(box.y) + Double(box.height) / 2
        let s = Double(min(box.width, box.height)) * 0.2
        let outline = [(cx - s * 1.8, cy), (cx - s * 0.8, cy - s), (cx + s * 1.6, cy - s), (cx + s * 1.6, cy + s), (cx - s * 0.8, cy + s)]
        for i in outline.indices {
            canvas.drawLine(from: outline[i], to: outline[(i + 1) % outline.count], width: 1.5, color: color)
        }
        canvas.drawLine(from: (cx - s * 0.2, cy - s * 0.5), to: (cx + s * 0.8, cy + s * 0.5), width: 1.5, color: color)
        canvas.drawLine(from: (cx - s * 0.2, cy + s * 0.5), to: (cx + s * 0.8, cy - s * 0.5), width: 1.5, color: color)
    }
}

/// The bubble above a pressed character key, showing the character large.
final class KeyPopup: View {
    var text = "" {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let box = PixelRect(snapping: bounds)
        let palette = self.palette
        canvas.fillRoundedRect(box.offsetBy(dx: 0, dy: 1), radius: 8, color: palette.keyShadow)
        canvas.fillRoundedRect(box, radius: 8, color: palette.keyFace)
        canvas.drawText(
            text, in: PixelRect(x: box.x, y: box.y, width: box.width, height: box.height * 2 / 3), font: .largeTitle, color: palette.keyLabel,
            alignment: .center)
    }
}
