/// The keys of one page of the on-screen keyboard and where they sit.
struct KeyboardKey {
    enum Kind: Equatable {
        /// Types its text (shifted letters type upper case).
        case character(String)
        case shift
        case backspace
        case space
        case returnKey
        /// Switches to another page.
        case page(KeyboardPage)
    }

    var kind: Kind
    var title: String
    /// In the keyboard's bounds coordinates.
    var frame: Rect
    /// What a character key types and shows while shift is on: made once with the layout, so
    /// drawing and typing a capital allocate nothing.
    let shiftedText: String

    init(kind: Kind, title: String, frame: Rect) {
        self.kind = kind
        self.title = title
        self.frame = frame
        if case .character(let text) = kind { shiftedText = text.uppercased() } else { shiftedText = title }
    }

    /// Keys drawn in the darker grey of UIKit's function keys.
    var isFunctionKey: Bool {
        switch kind {
        case .character, .space: false
        default: true
        }
    }
}

/// A page of keys.
enum KeyboardPage: Equatable {
    case letters, numbers, symbols, numberPad, pin

    /// The first page for an input's keyboard type.
    static func first(for type: KeyboardType) -> KeyboardPage {
        switch type {
        case .default, .emailAddress: .letters
        case .numberPad: .numberPad
        case .pin: .pin
        }
    }
}

/// Builds pages: QWERTY letters, numbers and punctuation, more symbols, a number pad and a PIN
/// pad, laid out in rows that fill `size` with UIKit's proportions (keys 6 points apart, the
/// bottom row's space bar taking what is left).
enum KeyboardLayout {
    static let gap = 6.0
    static let margin = 4.0

    static func keys(page: KeyboardPage, type: KeyboardType, alphabet: KeyboardAlphabet = .latin, returnTitle: String, size: Size) -> [KeyboardKey] {
        switch page {
        case .numberPad, .pin: return pad(withPoint: page == .numberPad, returnTitle: returnTitle, size: size)
        case .letters, .numbers, .symbols: return typewriter(page: page, type: type, alphabet: alphabet, returnTitle: returnTitle, size: size)
        }
    }

    private static func typewriter(page: KeyboardPage, type: KeyboardType, alphabet: KeyboardAlphabet, returnTitle: String, size: Size) -> [KeyboardKey] {
        let rows: [String]
        switch page {
        case .letters: rows = alphabet.rows
        case .numbers: rows = ["1234567890", "-/:;()$&@\"", ".,?!'"]
        default: rows = ["[]{}#%^*+=", "_\\|~<>€£¥•", ".,?!'"]
        }
        let rowHeight = (size.height - margin * 2 - gap * 3) / 4
        // Ten keys across (eleven for Arabic's rows).
        let columns = Double(max(10, rows[0].count, rows[1].count))
        let unit = (size.width - margin * 2 - gap * (columns - 1)) / columns
        var keys: [KeyboardKey] = []
        func y(_ row: Int) -> Double { margin + Double(row) * (rowHeight + gap) }
        // Rows 0 and 1: characters, centred.
        for (row, characters) in rows.prefix(2).enumerated() {
            let count = Double(characters.count)
            let left = (size.width - (count * unit + (count - 1) * gap)) / 2
            for (i, c) in characters.enumerated() {
                keys.append(
                    KeyboardKey(
                        kind: .character(String(c)), title: String(c),
                        frame: Rect(x: left + Double(i) * (unit + gap), y: y(row), width: unit, height: rowHeight)))
            }
        }
        // Row 2: shift (or the symbols/numbers toggle), characters, backspace; letters without
        // case have no shift, and their row takes its place.
        let wide = unit * 1.5
        let third = Array(rows[2])
        let hasToggle = page != .letters || alphabet.hasCase
        let leading = hasToggle ? wide + gap : 0
        let middleWidth = size.width - margin * 2 - wide - gap - leading
        let keyWidth = min(unit, (middleWidth - gap * Double(third.count - 1)) / Double(third.count))
        let middleLeft = margin + leading + (middleWidth - (Double(third.count) * keyWidth + Double(third.count - 1) * gap)) / 2
        let toggle: KeyboardKey.Kind
        let toggleTitle: String
        switch page {
        case .letters: (toggle, toggleTitle) = (.shift, "⇧")
        case .numbers: (toggle, toggleTitle) = (.page(.symbols), "#+=")
        default: (toggle, toggleTitle) = (.page(.numbers), "123")
        }
        if hasToggle { keys.append(KeyboardKey(kind: toggle, title: toggleTitle, frame: Rect(x: margin, y: y(2), width: wide, height: rowHeight))) }
        for (i, c) in third.enumerated() {
            keys.append(
                KeyboardKey(
                    kind: .character(String(c)), title: String(c),
                    frame: Rect(x: middleLeft + Double(i) * (keyWidth + gap), y: y(2), width: keyWidth, height: rowHeight)))
        }
        keys.append(
            KeyboardKey(kind: .backspace, title: "⌫", frame: Rect(x: size.width - margin - wide, y: y(2), width: wide, height: rowHeight)))
        // Row 3: page switch, (email: "@" and "."), space, return.
        let pageKey =
            page == .letters ? KeyboardKey(kind: .page(.numbers), title: "123", frame: .zero) : KeyboardKey(kind: .page(.letters), title: "ABC", frame: .zero)
        var bottom: [(KeyboardKey, Double)] = [(pageKey, unit * 2)]
        if type == .emailAddress && page == .letters {
            bottom.append((KeyboardKey(kind: .character("@"), title: "@", frame: .zero), unit))
        }
        bottom.append((KeyboardKey(kind: .space, title: "space", frame: .zero), 0))
        if type == .emailAddress && page == .letters {
            bottom.append((KeyboardKey(kind: .character("."), title: ".", frame: .zero), unit))
        }
        bottom.append((KeyboardKey(kind: .returnKey, title: returnTitle, frame: .zero), unit * 2.5))
        let fixed = bottom.reduce(0) { $0 + $1.1 } + gap * Double(bottom.count - 1)
        var x = margin
        for (key, width) in bottom {
            var placed = key
            let w = width == 0 ? max(size.width - margin * 2 - fixed, unit) : width
            placed.frame = Rect(x: x, y: y(3), width: w, height: rowHeight)
            keys.append(placed)
            x += w + gap
        }
        return keys
    }

    /// Three columns of digits (1–9, then "." or nothing, 0) and a fourth of backspace and return.
    private static func pad(withPoint: Bool, returnTitle: String, size: Size) -> [KeyboardKey] {
        let rowHeight = (size.height - margin * 2 - gap * 3) / 4
        let columnWidth = (size.width - margin * 2 - gap * 3) / 4
        var keys: [KeyboardKey] = []
        func frame(_ row: Int, _ column: Int, rows: Int = 1) -> Rect {
            Rect(
                x: margin + Double(column) * (columnWidth + gap), y: margin + Double(row) * (rowHeight + gap), width: columnWidth,
                height: rowHeight * Double(rows) + gap * Double(rows - 1))
        }
        for digit in 1 ... 9 {
            keys.append(KeyboardKey(kind: .character(String(digit)), title: String(digit), frame: frame((digit - 1) / 3, (digit - 1) % 3)))
        }
        if withPoint { keys.append(KeyboardKey(kind: .character("."), title: ".", frame: frame(3, 0))) }
        keys.append(KeyboardKey(kind: .character("0"), title: "0", frame: frame(3, 1)))
        keys.append(KeyboardKey(kind: .backspace, title: "⌫", frame: frame(0, 3, rows: 2)))
        keys.append(KeyboardKey(kind: .returnKey, title: returnTitle, frame: frame(2, 3, rows: 2)))
        return keys
    }
}
