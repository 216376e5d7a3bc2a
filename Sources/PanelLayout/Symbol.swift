/// A column of the tableau. An external symbol is a variable the caller reads (a view's edge);
/// the others are the solver's: a slack makes an inequality an equation, an error measures how
/// far an optional constraint is from holding, and a dummy marks a required equation.
struct Symbol: Hashable {
    enum Kind: UInt8 {
        case external, slack, error, dummy
    }

    /// The symbol's index in the solver's tables.
    let index: UInt32
    let kind: Kind

    /// Whether the simplex may choose the symbol to enter the basis (a dummy must stay zero).
    var isPivotable: Bool { kind == .slack || kind == .error }
    /// Whether the symbol is restricted to values ≥ 0 (every one but an external variable).
    var isRestricted: Bool { kind != .external }
}
