/// A responder that takes typed text: UIKit's `UIKeyInput`. The on-screen keyboard and a
/// physical keyboard type into the window's first responder when it adopts this protocol.
@MainActor
public protocol KeyInput: Responder {
    /// Whether there is text to delete.
    var hasText: Bool { get }
    /// Inserts `text` at the insertion point ("\n" is the return key).
    func insertText(_ text: String)
    /// Deletes the character before the insertion point.
    func deleteBackward()
    /// The keys the on-screen keyboard shows for this input. Default ``KeyboardType/default``.
    var keyboardType: KeyboardType { get }
    /// The label of the keyboard's return key. Default ``ReturnKeyType/default``.
    var returnKeyType: ReturnKeyType { get }
}

extension KeyInput {
    /// Default: the full keyboard.
    public var keyboardType: KeyboardType { .default }
    /// Default: the return key says "return".
    public var returnKeyType: ReturnKeyType { .default }
}

/// Which keys the on-screen keyboard shows (UIKit's `UIKeyboardType`, the kinds a kiosk asks for).
public enum KeyboardType: Sendable, Hashable, CaseIterable {
    /// Letters (QWERTY, shift and caps lock), with a page of numbers and symbols.
    case `default`
    /// Digits 0–9 on a phone-style pad, with a decimal separator.
    case numberPad
    /// Digits 0–9 only, large keys: PIN codes.
    case pin
    /// Letters with "@" and "." on the first page.
    case emailAddress
}

/// The label of the keyboard's return key (UIKit's `UIReturnKeyType`).
public enum ReturnKeyType: Sendable, Hashable, CaseIterable {
    case `default`, go, done, next, search, send

    /// What the key says.
    public var title: String {
        switch self {
        case .default: "return"
        case .go: "Go"
        case .done: "Done"
        case .next: "Next"
        case .search: "Search"
        case .send: "Send"
        }
    }
}
