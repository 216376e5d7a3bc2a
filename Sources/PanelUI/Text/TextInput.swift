/// A place in the text of a ``TextField`` or ``TextView``, between two characters: UIKit's
/// `UITextPosition`. Get one from ``TextInput/beginningOfDocument``,
/// ``TextInput/endOfDocument`` or ``TextInput/position(from:offset:)``; it counts characters
/// (what a reader sees as one letter, emoji or accented letter), so it stays between them.
public struct TextPosition: Hashable, Comparable, Sendable {
    /// Characters from the start of the text.
    public let offset: Int

    init(offset: Int) { self.offset = offset }

    /// Whether `lhs` comes before `rhs` in the text.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool { lhs.offset < rhs.offset }
}

/// A span of text between two positions, `start` never after `end`: UIKit's `UITextRange`.
public struct TextRange: Hashable, Sendable {
    /// Where the span begins.
    public let start: TextPosition
    /// Where it ends.
    public let end: TextPosition
    /// Whether it holds no character (a caret's place).
    public var isEmpty: Bool { start == end }

    init(_ a: TextPosition, _ b: TextPosition) {
        start = min(a, b)
        end = max(a, b)
    }
}

/// Positions, ranges and their geometry in an editable text view: the part of UIKit's
/// `UITextInput` that places things beside the text (a suggestion bubble over the caret, a
/// marker under a word). ``TextField`` and ``TextView`` adopt it.
///
/// Positions are in the text as it is now: one kept across an edit that shortened the text is
/// taken as the end, as UIKit clamps it; nothing traps.
@MainActor
public protocol TextInput: AnyObject {
    /// The text's character count (the end's offset).
    var textInputLength: Int { get }
    /// The selected range (empty: the caret's place).
    var selectedTextRange: TextRange? { get }
    /// The caret's rectangle at `position`, in the view's coordinates (UIKit's
    /// `caretRect(for:)`): 2 points wide and a line tall.
    func caretRect(for position: TextPosition) -> Rect
    /// The rectangle around the first line of `range` as drawn, in the view's coordinates
    /// (UIKit's `firstRect(for:)`): the part of the range on the line its start is on. An empty
    /// range gives a zero-width rectangle at its place.
    func firstRect(for range: TextRange) -> Rect
}

extension TextInput {
    /// The position before the first character.
    public var beginningOfDocument: TextPosition { TextPosition(offset: 0) }

    /// The position after the last character.
    public var endOfDocument: TextPosition { TextPosition(offset: textInputLength) }

    /// The position `offset` characters after `position` (before it when negative), or nil
    /// when that is outside the text, as UIKit answers.
    public func position(from position: TextPosition, offset: Int) -> TextPosition? {
        let (moved, overflow) = clamped(position).offset.addingReportingOverflow(offset)
        guard !overflow, moved >= 0, moved <= textInputLength else { return nil }
        return TextPosition(offset: moved)
    }

    /// The range between two positions, in either order; nil when either is outside the text.
    public func textRange(from: TextPosition, to: TextPosition) -> TextRange? {
        let length = textInputLength
        guard (0 ... length).contains(from.offset), (0 ... length).contains(to.offset) else { return nil }
        return TextRange(from, to)
    }

    /// How many characters lie from `from` to `to` (negative when `to` is before it).
    public func offset(from: TextPosition, to: TextPosition) -> Int {
        clamped(to).offset - clamped(from).offset
    }

    /// `position` within the text as it is now.
    func clamped(_ position: TextPosition) -> TextPosition {
        TextPosition(offset: min(max(position.offset, 0), textInputLength))
    }
}
