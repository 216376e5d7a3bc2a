/// Editable text of many lines that scrolls: UIKit's `UITextView`.
///
/// A tap makes it first responder (the window's on-screen keyboard comes up; a physical
/// keyboard types into it too) and puts the caret at the character boundary nearest the
/// finger; a tap while editing moves the caret there; a double tap selects the word. A drag
/// that starts on the caret moves it; with a selection, its two handles drag its ends. Any other
/// drag scrolls. Typing replaces the selection; the return key starts a new line; the arrow
/// keys move the caret (up and down keep its column). The view scrolls to keep the caret in
/// sight.
///
/// Lines wrap at spaces, between CJK characters, or inside a word too long for a line; an edit
/// re-wraps only the paragraphs it touched, so typing into a long text stays fast.
///
/// ``placeholder`` shows while the text is empty; ``maxLength`` bounds what typing and pasting
/// can make (the part of an insertion that does not fit is dropped); the delegate's
/// ``TextViewDelegate/textView(_:shouldChangeTextIn:replacementText:)`` may refuse any edit.
/// Setting ``text`` in code tells the delegate nothing, as in UIKit.
@MainActor
open class TextView: ScrollView, KeyInput {
    /// A text view: its text.
    open override var accessibilityDefaults: AccessibilityDescription {
        AccessibilityDescription(
            isElement: true, label: placeholder.flatMap { $0.isEmpty ? nil : $0 }, value: text.isEmpty ? nil : text, hint: "Select to edit")
    }

    /// The text. Setting it puts the caret at the end.
    open var text: String {
        get { storage }
        set {
            storage = newValue
            characterCount = storage.count
            selection = storage.utf8.count ..< storage.utf8.count
            relayoutAll()
            setNeedsDisplay()
        }
    }
    /// Grey text shown while the text is empty.
    open var placeholder: String? {
        didSet { setNeedsDisplay() }
    }
    /// The font. Default `Font.body`.
    open var font = Font.body {
        didSet {
            relayoutAll()
            setNeedsDisplay()
        }
    }
    /// ``font`` at the app's text size: what is laid out and drawn.
    var shownFont: Font { scaledFont(font) }
    /// The text colour. Default the palette's ``Palette/label``.
    open var textColor: Color {
        get { _textColor.resolved(in: self) }
        set { setThemed(&_textColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _textColor = Themed<TextView, Color>(fallback: { $0.palette.label })
    /// The placeholder's colour. Default the palette's ``Palette/placeholderText``
    /// (`#6e6e73` in light: 5:1 on white, over WCAG's 4.5:1 for text, which the lighter greys
    /// of desktop systems fall short of).
    public final var placeholderColor: Color {
        get { _placeholderColor.resolved(in: self) }
        set { setThemed(&_placeholderColor, to: newValue) }
    }
    @exclusivity(unchecked) private var _placeholderColor = Themed<TextView, Color>(fallback: { $0.palette.placeholderText })
    // The caret, the selection and the handles are drawn in the ``View/tintColor``.
    /// Room between the view's edges and the text. Default 8 points all round.
    public var textContainerInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet {
            relayoutAll()
            setNeedsDisplay()
        }
    }
    /// Whether the user may edit. Default true.
    open var isEditable = true
    /// The most characters typing or pasting may leave (nil: no limit). Text set in code is not cut.
    open var maxLength: Int?
    /// The keys the on-screen keyboard shows.
    open var keyboardType = KeyboardType.default
    /// The keyboard's return key label (it starts a new line).
    open var returnKeyType = ReturnKeyType.default
    /// The delegate (held weakly).
    open weak var textDelegate: (any TextViewDelegate)?

    var storage = ""
    /// The number of characters, kept as edits happen (counting a String is linear).
    private(set) var characterCount = 0
    /// The selection in UTF-8 offsets; empty: the caret.
    var selection = 0 ..< 0 {
        didSet {
            if selection != oldValue {
                restartCaretBlink()
                // The lines of the old and the new selection (or caret).
                if !lines.isEmpty {
                    setNeedsDisplay(lines: lines(of: oldValue.clamped(to: 0 ..< storage.utf8.count + 1)))
                    setNeedsDisplay(lines: lines(of: selection))
                }
            }
        }
    }
    /// Which end of the selection moves with the keys (the other is the anchor).
    var selectionAnchor = 0
    /// The caret's x the up and down keys keep (from the text's left edge).
    var preferredCaretX: Double?
    var lines: [WrappedLine] = []
    /// The lines an edit re-wraps, in a buffer kept between edits.
    var freshLines: [WrappedLine] = []
    var laidOutWidth = 0
    /// Whether the caret is in its visible half.
    public internal(set) var isCaretVisible = true
    var caretBlinkTimer: TimerHandle?
    lazy var caretBlinkTurn: @MainActor (TimerHandle) -> Void = { [weak self] _ in
        guard let self else { return }
        self.isCaretVisible.toggle()
        self.setNeedsDisplayAroundCaret()
    }
    /// What a finger that went down is doing (TextView+Touch.swift).
    var touchMode = TouchMode.none
    /// Where the finger went down, and whether it has moved far enough to be a drag.
    var touchStart = Point.zero
    var touchTravelled = false

    /// A white text view with a grey border.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 300, height: 160)) {
        super.init(frame: frame)
        paletteBackground = \.secondaryBackground
        cornerRadius = 8
        borderWidth = 1
        paletteBorder = \.border
        delaysContentTouches = false
        alwaysBounceVertical = false
        lines.reserveCapacity(64)
        relayoutAll()
    }

    /// The selected text's range in ``text`` (empty: the caret's position).
    public var selectedRange: Range<String.Index> {
        get { index(at: selection.lowerBound) ..< index(at: selection.upperBound) }
        set {
            let low = offset(of: storage.index(newValue.lowerBound, offsetBy: 0, limitedBy: storage.endIndex) ?? storage.endIndex)
            let high = offset(of: storage.index(newValue.upperBound, offsetBy: 0, limitedBy: storage.endIndex) ?? storage.endIndex)
            select(low ..< max(high, low), anchor: low)
        }
    }

    /// How many lines the text is wrapped into.
    public var lineCount: Int { lines.count }

    /// The text of each line as wrapped (a wrapped line keeps its trailing spaces; a line
    /// break belongs to no line).
    public var lineTexts: [Substring] {
        lines.map { storage[index(at: $0.start) ..< index(at: $0.next > $0.end ? $0.end : $0.next)] }
    }

    /// The selected text.
    public var selectedText: Substring { storage[selectedRange] }

    /// Selects all the text.
    public func selectAll() {
        select(0 ..< storage.utf8.count, anchor: 0)
    }

    func select(_ range: Range<Int>, anchor: Int) {
        selection = range
        selectionAnchor = anchor
        preferredCaretX = nil
        scrollCaretIntoView()
        textDelegate?.textViewDidChangeSelection(self)
    }

    // MARK: - First responder

    open override var canBecomeFirstResponder: Bool { isEditable }

    /// Whether the view is first responder (the keyboard types into it).
    public var isEditing: Bool { isFirstResponder }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        if let textDelegate, !textDelegate.textViewShouldBeginEditing(self) { return false }
        guard super.becomeFirstResponder() else { return false }
        restartCaretBlink()
        setNeedsDisplay()
        textDelegate?.textViewDidBeginEditing(self)
        return true
    }

    open override var canResignFirstResponder: Bool {
        textDelegate?.textViewShouldEndEditing(self) ?? true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        let was = isFirstResponder
        guard super.resignFirstResponder() else { return false }
        if was {
            restartCaretBlink()
            setNeedsDisplay()
            textDelegate?.textViewDidEndEditing(self)
        }
        return true
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        restartCaretBlink()
    }

    // MARK: - KeyInput

    /// Whether there is any text.
    public var hasText: Bool { !storage.isEmpty }

    /// Replaces the selection with `text` ("\n" starts a line), within ``maxLength``, if the
    /// delegate agrees.
    open func insertText(_ text: String) {
        guard isEditable else { return }
        var insertion = Substring(text)
        let selected = selection.isEmpty ? 0 : storage[index(at: selection.lowerBound) ..< index(at: selection.upperBound)].count
        if let maxLength {
            let room = max(maxLength - (characterCount - selected), 0)
            if insertion.count > room { insertion = insertion.prefix(room) }
        }
        guard !insertion.isEmpty || !selection.isEmpty else { return }
        replace(selection, with: insertion, removedCharacters: selected)
    }

    /// Deletes the selection, or the character before the caret, if the delegate agrees.
    open func deleteBackward() {
        guard isEditable else { return }
        if !selection.isEmpty {
            let selected = storage[index(at: selection.lowerBound) ..< index(at: selection.upperBound)].count
            replace(selection, with: "", removedCharacters: selected)
            return
        }
        guard selection.lowerBound > 0 else { return }
        let end = index(at: selection.lowerBound)
        let start = storage.index(before: end)
        replace(offset(of: start) ..< selection.lowerBound, with: "", removedCharacters: 1)
    }

    /// Replaces `range` (UTF-8 offsets) with `insertion`: asks the delegate, edits, re-wraps the
    /// paragraphs touched, puts the caret after the insertion and keeps it in sight.
    private func replace(_ range: Range<Int>, with insertion: Substring, removedCharacters: Int) {
        let low = index(at: range.lowerBound), high = index(at: range.upperBound)
        if let textDelegate, !textDelegate.textView(self, shouldChangeTextIn: low ..< high, replacementText: String(insertion)) { return }
        storage.replaceSubrange(low ..< high, with: insertion)
        let inserted = insertion.utf8.count
        characterCount += insertion.count - removedCharacters
        let changed = relayout(replacing: range.lowerBound, range.upperBound, with: inserted)
        let caret = range.lowerBound + inserted
        selection = caret ..< caret
        selectionAnchor = caret
        preferredCaretX = nil
        scrollCaretIntoView()
        setNeedsDisplay(lines: changed)
        if storage.isEmpty || storage.utf8.count == inserted { setNeedsDisplay() }  // the placeholder
        textDelegate?.textViewDidChange(self)
    }

    // MARK: - Keys

    /// The arrows move the caret (up and down by a line, keeping its column) while editing.
    open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        guard isEditing else { return super.pressesBegan(presses, with: event) }
        var handled = false
        for press in presses {
            switch press.type {
            case .leftArrow:
                moveCaret(to: selection.isEmpty ? previousBoundary(selection.lowerBound) : selection.lowerBound)
                handled = true
            case .rightArrow:
                moveCaret(to: selection.isEmpty ? nextBoundary(selection.upperBound) : selection.upperBound)
                handled = true
            case .upArrow, .downArrow:
                moveVertically(press.type == .upArrow ? -1 : 1)
                handled = true
            default: break
            }
        }
        if !handled { super.pressesBegan(presses, with: event) }
    }

    func moveCaret(to offset: Int) {
        select(offset ..< offset, anchor: offset)
    }

    func previousBoundary(_ offset: Int) -> Int {
        offset == 0 ? 0 : self.offset(of: storage.index(before: index(at: offset)))
    }

    func nextBoundary(_ offset: Int) -> Int {
        offset >= storage.utf8.count ? storage.utf8.count : self.offset(of: storage.index(after: index(at: offset)))
    }

    /// Up or down a line, at the column the caret had when it started moving vertically.
    private func moveVertically(_ step: Int) {
        let caret = step < 0 ? selection.lowerBound : selection.upperBound
        let line = line(containing: caret)
        let x = preferredCaretX ?? Double(x(of: caret, onLine: line))
        let target = line + step
        let offset: Int
        if target < 0 {
            offset = 0
        } else if target >= lines.count {
            offset = storage.utf8.count
        } else {
            offset = self.offset(nearestX: x, onLine: target)
        }
        moveCaret(to: offset)
        preferredCaretX = x
    }

    // MARK: - Drawing and touches (TextView+Drawing.swift, TextView+Touch.swift)

    /// The lines in view, the selection, and the caret or the selection's handles.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        drawContent(rect, in: &canvas)
    }

    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        trackBegan(touches)
    }

    open override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        trackMoved(touches)
    }

    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        trackEnded(touches)
    }

    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        touchMode = .none
    }

    /// The scroll view's pan may not take a finger that is moving the caret or a handle.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer === panGestureRecognizer && !panMayBegin { return false }
        return super.gestureRecognizerShouldBegin(recognizer)
    }

    /// Marks the caret's place for redraw.
    func setNeedsDisplayAroundCaret() {
        guard !lines.isEmpty else { return setNeedsDisplay() }
        let caret = caretRect(for: selection.lowerBound)
        setNeedsDisplay(Rect(x: caret.minX - 2, y: caret.minY, width: caret.width + 4, height: caret.height))
    }

    // MARK: - Layout and scrolling

    open override func layoutSubviews() {
        super.layoutSubviews()
        if laidOutWidth != wrapWidth {
            relayoutAll()
            setNeedsDisplay()
        }
    }

    /// Scrolls the least that shows the caret (the selection's moving end).
    func scrollCaretIntoView() {
        guard bounds.height > 0 else { return }
        let caret = selection.lowerBound == selectionAnchor ? selection.upperBound : selection.lowerBound
        let rect = caretRect(for: caret)
        var y = contentOffset.y
        if rect.minY - textContainerInset.top < y { y = rect.minY - textContainerInset.top }
        if rect.maxY + textContainerInset.bottom > y + bounds.height { y = rect.maxY + textContainerInset.bottom - bounds.height }
        y = min(max(y, minimumContentOffset.y), maximumContentOffset.y)
        if y != contentOffset.y { contentOffset = Point(x: contentOffset.x, y: y) }
    }
}
