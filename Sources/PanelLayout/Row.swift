/// One row of the simplex tableau: `constant + Σ coefficient × symbol`, sparse. Rows of a user
/// interface's constraints are short (a view's edge, another's, a margin), so the cells are
/// two parallel arrays searched linearly: no hashing, and once their capacity has grown, no
/// allocation when a row is rewritten.
struct Row {
    var constant: Double
    private(set) var symbols: [Symbol] = []
    private(set) var coefficients: [Double] = []
    /// A bit for each symbol index modulo 64 that may be in the row (a superset: removing a
    /// symbol leaves its bit): a lookup of a symbol whose bit is clear skips the search, so a
    /// constant change scans only the rows that may hold its marker.
    private(set) var mask: UInt64 = 0

    init(constant: Double = 0) {
        self.constant = constant
    }

    /// How many symbols the row has.
    var count: Int { symbols.count }

    /// The coefficient of `symbol`, 0 when it is not in the row.
    func coefficient(for symbol: Symbol) -> Double {
        guard mayContain(symbol), let index = symbols.firstIndex(of: symbol) else { return 0 }
        return coefficients[index]
    }

    /// Adds `coefficient × symbol`, removing the symbol when its coefficient becomes zero.
    mutating func add(_ symbol: Symbol, _ coefficient: Double) {
        if mayContain(symbol), let index = symbols.firstIndex(of: symbol) {
            let sum = coefficients[index] + coefficient
            if sum.isNearZero {
                removeCell(at: index)
            } else {
                coefficients[index] = sum
            }
        } else if !coefficient.isNearZero {
            symbols.append(symbol)
            coefficients.append(coefficient)
            mask |= Row.bit(symbol)
        }
    }

    /// The bit of ``mask`` that stands for `symbol`.
    static func bit(_ symbol: Symbol) -> UInt64 { 1 &<< UInt64(symbol.index & 63) }

    /// False when `symbol` is certainly not in the row.
    func mayContain(_ symbol: Symbol) -> Bool { mask & Row.bit(symbol) != 0 }

    /// Adds `other × factor`.
    mutating func add(_ other: Row, times factor: Double) {
        constant += other.constant * factor
        for index in other.symbols.indices {
            add(other.symbols[index], other.coefficients[index] * factor)
        }
    }

    /// Adds `other × factor`, finding cells through `positions` (by symbol index, -1 for
    /// none; left as it was found) instead of a search: a chain of constraints makes rows as
    /// long as the chain, and a search per cell would cost the square of that.
    mutating func add(_ other: Row, times factor: Double, positions: inout [Int32]) {
        guard symbols.count * other.symbols.count > 64 else {
            add(other, times: factor)
            return
        }
        constant += other.constant * factor
        for index in symbols.indices { positions[Int(symbols[index].index)] = Int32(index) }
        var cancelled = false
        for index in other.symbols.indices {
            let symbol = other.symbols[index]
            let coefficient = other.coefficients[index] * factor
            let position = Int(positions[Int(symbol.index)])
            if position >= 0 {
                coefficients[position] += coefficient
                if coefficients[position].isNearZero { cancelled = true }
            } else if !coefficient.isNearZero {
                positions[Int(symbol.index)] = Int32(symbols.count)
                symbols.append(symbol)
                coefficients.append(coefficient)
                mask |= Row.bit(symbol)
            }
        }
        // The positions are put back, and the mask made anew from the cells (the old one kept
        // the bits of cells since removed).
        var fresh: UInt64 = 0
        for symbol in symbols {
            positions[Int(symbol.index)] = -1
            fresh |= Row.bit(symbol)
        }
        mask = fresh
        guard cancelled else { return }
        var index = 0
        while index < symbols.count {
            if coefficients[index].isNearZero { removeCell(at: index) } else { index += 1 }
        }
    }

    /// Removes `symbol` and its coefficient.
    mutating func remove(_ symbol: Symbol) {
        if mayContain(symbol), let index = symbols.firstIndex(of: symbol) { removeCell(at: index) }
    }

    private mutating func removeCell(at index: Int) {
        symbols.swapAt(index, symbols.count - 1)
        coefficients.swapAt(index, coefficients.count - 1)
        symbols.removeLast()
        coefficients.removeLast()
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        for index in coefficients.indices { coefficients[index] = -coefficients[index] }
    }

    /// Rewrites `0 = row` as `symbol = …`: the row no longer holds `symbol`, and the rest is
    /// scaled by `-1 / coefficient`. The symbol must be in the row.
    mutating func solve(for symbol: Symbol) {
        let index = symbols.firstIndex(of: symbol)!
        let factor = -1 / coefficients[index]
        removeCell(at: index)
        constant *= factor
        for i in coefficients.indices { coefficients[i] *= factor }
    }

    /// Rewrites `lhs = row` as `rhs = …`.
    mutating func solve(for lhs: Symbol, replacing rhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row` (the row it is basic in).
    mutating func substitute(_ symbol: Symbol, with row: Row, positions: inout [Int32]) {
        guard mayContain(symbol), let index = symbols.firstIndex(of: symbol) else { return }
        let coefficient = coefficients[index]
        removeCell(at: index)
        add(row, times: coefficient, positions: &positions)
    }

    /// Removes every cell whose symbol `matches`, and makes the mask anew.
    mutating func removeAll(where matches: (Symbol) -> Bool) {
        var index = 0
        while index < symbols.count {
            if matches(symbols[index]) { removeCell(at: index) } else { index += 1 }
        }
        mask = 0
        for symbol in symbols { mask |= Row.bit(symbol) }
    }

    /// Empties the row, keeping its capacity.
    mutating func clear(constant: Double = 0) {
        self.constant = constant
        mask = 0
        symbols.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
    }
}

extension Double {
    /// Within the solver's tolerance of zero: pivots leave rounding dust that must not count.
    var isNearZero: Bool { abs(self) < 1e-8 }
}
