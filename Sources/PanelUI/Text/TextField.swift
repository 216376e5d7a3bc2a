/// A single line of editable text: UIKit's `UITextField`.
///
/// A tap makes it first responder, which brings up the window's on-screen keyboard (its
/// ``keyboardType`` and ``returnKeyType`` choose the keys); the keyboard, and the left and right
/// arrow presses of a physical keypad, edit it through ``KeyInput``. It stays first responder
/// when the user taps elsewhere, until it is resigned (UIKit's rule); the return key asks the
/// delegate and, by default, resigns it.
///
/// It sends `editingDidBegin`, `editingChanged` (after each change by the user: typing,
/// deleting, clearing), `editingDidEnd`, and `editingDidEndOnExit` (the return key ended it).
/// Setting ``text`` in code sends nothing, as in UIKit.
///
/// Bad input: text may be any length; ``maxLength`` bounds what typing and pasting can add (the
/// part of an insertion that does not fit is dropped). Only the part of a long text around the
/// insertion point is laid out when drawing, so a 1 MB paste keeps the field responsive.
@MainActor
open class TextField: Control, KeyInput {
    /// A text field: named by its placeholder, which stays its name once text is typed
    /// ("Name, Ann"); its value the text typed (a secure field says only how many characters).
    open override var accessibilityDefaults: AccessibilityDescription {
        var description = super.accessibilityDefaults
        description.label = placeholder.flatMap { $0.isEmpty ? nil : $0 }
        if text.isEmpty {
            description.value = nil
        } else if isSecureTextEntry {
            description.value = "\(text.count) characters, hidden"
        } else {
            description.value = text
        }
        description.hint = "Select to edit"
        return description
    }

    /// The text. Setting it moves the insertion point to the end and sends no action.
    open var text: String {
        get { storage }
        set {
            storage = newValue
            caretOffset = storage.count
            setNeedsDisplay()
        }
    }
    /// Grey text shown while ``text`` is empty.
    open var placeholder: String? {
        didSet { setNeedsDisplay() }
    }
    /// The font. Default `Font/body`.
    open var font = Font.body {
        didSet { setNeedsDisplay() }
    }
    /// ``font`` at the app's text size: what is drawn and measured.
    var shownFont: Font { scaledFont(font) }
    /// The text colour. Default the palette's ``Palette/label``.
    open var textColor: Color {
        get { _textColor.resolved(in: self) }
        set { setThemed(&_textColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _textColor = Themed<TextField, Color>(fallback: { $0.palette.label })
    /// The placeholder's colour. Default the palette's ``Palette/placeholderText``
    /// (`#6e6e73` in light: 5:1 on white, over WCAG's 4.5:1 for text, which the lighter greys
    /// of desktop systems fall short of).
    public final var placeholderColor: Color {
        get { _placeholderColor.resolved(in: self) }
        set { setThemed(&_placeholderColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _placeholderColor = Themed<TextField, Color>(fallback: { $0.palette.placeholderText })
    /// How the text sits when it fits. Default natural: left, or right under a right-to-left
    /// language.
    open var textAlignment = TextAlignment.natural {
        didSet { setNeedsDisplay() }
    }
    /// Shows each character as "•" (passwords, PINs). Default false.
    open var isSecureTextEntry = false {
        didSet { setNeedsDisplay() }
    }
    /// When the clear button (an ⓧ at the right) shows. Default ``ClearButtonMode/never``.
    open var clearButtonMode = ClearButtonMode.never {
        didSet { setNeedsDisplay() }
    }
    /// The keys the on-screen keyboard shows. Default ``KeyboardType/default``.
    open var keyboardType = KeyboardType.default
    /// The keyboard's return key label. Default ``ReturnKeyType/default``.
    open var returnKeyType = ReturnKeyType.default
    /// The most characters typing or pasting may leave in the field (nil: no limit). Text set
    /// in code is not cut.
    open var maxLength: Int?
    /// The delegate (held weakly).
    open weak var delegate: TextFieldDelegate?

    /// When the clear button shows (UIKit's `UITextField.ViewMode`).
    public enum ClearButtonMode: Sendable, Hashable {
        case never, whileEditing, unlessEditing, always
    }

    var storage = ""
    /// The insertion point, in characters from the start. Moving it shows the caret at once
    /// and restarts its blink, as typing does in UIKit.
    public internal(set) var caretOffset = 0 {
        didSet { restartCaretBlink() }
    }
    /// How long the caret shows, and then hides, while the field is editing; nil: it stays on
    /// (the run loop then never wakes for it). Default 0.5 s.
    open var caretBlinkInterval: MonotonicDuration? = .milliseconds(500) {
        didSet { restartCaretBlink() }
    }
    /// Whether the blinking caret is in its visible half.
    public internal(set) var isCaretVisible = true
    var caretBlinkTimer: TimerHandle?
    lazy var caretBlinkTurn: @MainActor (TimerHandle) -> Void = { [weak self] _ in
        guard let self else { return }
        self.isCaretVisible.toggle()
        self.setNeedsDisplay()
    }
    /// What is drawn: the text, or bullets for secure entry (rebuilt in place, so drawing a
    /// keystroke allocates nothing once it has grown).
    var displayBuffer = ""
    /// The drawn characters before the insertion point, to measure where it is.
    var prefixBuffer = ""

    /// Creates a field with a rounded grey border, 44 points tall by default.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 200, height: 44)) {
        super.init(frame: frame)
        paletteBackground = \.secondaryBackground
        cornerRadius = 8
        borderWidth = 1
        paletteBorder = \.border
        displayBuffer.reserveCapacity(64)
        prefixBuffer.reserveCapacity(64)
    }

    /// A field wants the width it is given; its height fits its font, at least 44 points.
    open override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: max(Double(shownFont.lineHeight) + 16, 44))
    }

    /// Draws the text (or the placeholder), the insertion point while editing, and the clear
    /// button (TextField+Drawing.swift).
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        drawField(in: &canvas)
    }

    /// The caret's blink runs on the window's application (TextField+CaretBlink.swift).
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        restartCaretBlink()
    }

    // MARK: - First responder

    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Whether the field is first responder (the keyboard types into it).
    public var isEditing: Bool { isFirstResponder }

    /// A screen reader's select or double tap starts editing, as a tap does.
    open override func accessibilityActivate() -> Bool {
        guard isEnabled else { return false }
        return becomeFirstResponder()
    }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        if let delegate, !delegate.textFieldShouldBeginEditing(self) { return false }
        guard super.becomeFirstResponder() else { return false }
        caretOffset = storage.count  // shows the caret and starts its blink
        setNeedsDisplay()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        return true
    }

    open override var canResignFirstResponder: Bool {
        delegate?.textFieldShouldEndEditing(self) ?? true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        let was = isFirstResponder
        guard super.resignFirstResponder() else { return false }
        if was {
            restartCaretBlink()
            setNeedsDisplay()
            delegate?.textFieldDidEndEditing(self)
            sendActions(for: .editingDidEnd)
        }
        return true
    }

    /// A tap on the clear button empties the field; a tap while editing moves the insertion
    /// point to the character boundary nearest to it; any other tap starts editing (the
    /// insertion point at the end).
    open override func didTouchUpInside(with event: Event?) {
        let touch = event?.allTouches.first
        if let touch, showsClearButton, clearButtonRect.contains(touch.location(in: self)) {
            clear()
            return
        }
        if isEditing, let touch {
            caretOffset = caretOffset(nearestTo: touch.location(in: self).x)
            setNeedsDisplay()
            return
        }
        becomeFirstResponder()
    }

    /// A field refuses an ancestor's single-finger single tap, as buttons do (A30).
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.refusedByStandardControl(self) { return false }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    // MARK: - KeyInput

    /// Whether the field holds any text.
    public var hasText: Bool { !storage.isEmpty }

    /// Inserts `text` at the insertion point ("\n": the return key, see
    /// ``TextFieldDelegate/textFieldShouldReturn(_:)``), within ``maxLength``, if the delegate
    /// agrees; sends `editingChanged` when the text changed.
    open func insertText(_ text: String) {
        if text == "\n" {
            returnKeyPressed()
            return
        }
        // A key's text goes in as it is; a paste loses its line breaks (one line).
        var insertion =
            text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            ? Substring(text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }) : Substring(text)
        if let maxLength {
            let room = max(maxLength - storage.count, 0)
            if insertion.count > room { insertion = insertion.prefix(room) }
        }
        guard !insertion.isEmpty else { return }
        let at = storage.index(storage.startIndex, offsetBy: min(caretOffset, storage.count))
        if let delegate, !delegate.textField(self, shouldChangeCharactersIn: at ..< at, replacementString: String(insertion)) { return }
        storage.insert(contentsOf: insertion, at: at)
        caretOffset = min(caretOffset, storage.count - insertion.count) + insertion.count
        edited()
    }

    /// Deletes the character before the insertion point, if the delegate agrees.
    open func deleteBackward() {
        guard caretOffset > 0, !storage.isEmpty else { return }
        let end = storage.index(storage.startIndex, offsetBy: min(caretOffset, storage.count))
        let start = storage.index(before: end)
        if let delegate, !delegate.textField(self, shouldChangeCharactersIn: start ..< end, replacementString: "") { return }
        storage.removeSubrange(start ..< end)
        caretOffset -= 1
        edited()
    }

    /// The clear button: empties the field if the delegate agrees.
    open func clear() {
        guard hasText else { return }
        if let delegate, !delegate.textFieldShouldClear(self) { return }
        storage.removeAll(keepingCapacity: true)
        caretOffset = 0
        edited()
    }

    private func returnKeyPressed() {
        let shouldEnd = delegate?.textFieldShouldReturn(self) ?? true
        guard shouldEnd else { return }
        sendActions(for: .editingDidEndOnExit)
        resignFirstResponder()
    }

    private func edited() {
        setNeedsDisplay()
        sendActions(for: .editingChanged)
    }

    /// Left and right arrows move the insertion point while editing.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        var handled = false
        for press in presses {
            switch press.type {
            case .leftArrow where isEditing:
                caretOffset = max(caretOffset - 1, 0)
                handled = true
            case .rightArrow where isEditing:
                caretOffset = min(caretOffset + 1, storage.count)
                handled = true
            default: break
            }
        }
        if handled { setNeedsDisplay() } else { super.pressesBegan(presses, with: event) }
    }
}
