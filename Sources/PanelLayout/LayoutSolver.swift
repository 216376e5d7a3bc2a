/// A linear constraint solver: the Cassowary algorithm (Badros, Borning and Stuckey, 2001),
/// the incremental dual simplex that UIKit's Auto Layout engine is built on.
///
/// Variables are the edges and sizes of views; constraints are linear equations and
/// inequalities between them, each required or optional with a weight. The solver keeps a
/// solved tableau: adding or removing a constraint re-solves from the current solution, and
/// changing a constraint's constant (``setConstant(_:_:)``, what an animation does sixty times
/// a second) touches only the rows the constraint appears in, then repairs feasibility with the
/// dual simplex. Once the tableau's rows have grown to their working size, a constant change
/// allocates nothing.
///
/// Optional constraints are weighted: the solution minimises the sum of each one's weight times
/// its error. Where two conflict, the heavier holds exactly.
public final class LayoutSolver {
    // The stored properties are exempt from dynamic exclusivity checks: they are private,
    // touched only by the solver's own methods, never accessed in place across a call to
    // another of them, and the checks were a third of a constant change's instructions.

    /// The tableau's rows, and the basic symbol of each.
    @exclusivity(unchecked) private var rows: [Row] = []
    @exclusivity(unchecked) private var basics: [Symbol] = []
    /// Each row's ``Row/mask``, side by side: a search for the rows that hold a symbol reads
    /// these words, one per row, and looks into a row only where its bit is set. Removing a
    /// constraint searches the whole tableau for its marker, so this is what removing
    /// constraints one by one costs.
    @exclusivity(unchecked) private var masks: [UInt64] = []
    /// The row a symbol is basic in, by symbol index (-1: not basic).
    @exclusivity(unchecked) private var rowOf: [Int32] = []
    /// What each symbol index is now, and the indexes free for reuse.
    @exclusivity(unchecked) private var kinds: [Symbol.Kind] = []
    /// Whether a symbol has been in a row or the objective since it was made: a symbol that has
    /// not is in none, and substituting it can skip the scan of every row.
    @exclusivity(unchecked) private var seen: [Bool] = []
    /// How many terms of the held constraints name each variable, by symbol index: a set of
    /// constraints is closed (nothing else names its variables) when its own terms account for
    /// every use. The counts wrap rather than trap: a variable released while a constraint
    /// still names it (a caller's mistake) cannot stop the app, and a count gone wrong so
    /// makes a block look open, whose constraints are then removed one by one.
    @exclusivity(unchecked) private var uses: [UInt32] = []
    /// Whether a symbol belongs to the block being removed (``remove(_:releasing:)``), by
    /// symbol index; all false outside it.
    @exclusivity(unchecked) private var inBlock: [Bool] = []
    @exclusivity(unchecked) private var freeSymbols: [UInt32] = []
    /// The function minimised: the weighted errors of the optional constraints.
    @exclusivity(unchecked) private var objective = Row()
    /// The rows made infeasible by a constant change, for the dual simplex.
    @exclusivity(unchecked) private var infeasible: [Symbol] = []
    /// The constraints, by ``LayoutConstraintID``; nil: free for reuse.
    @exclusivity(unchecked) private var constraints: [Record?] = []
    @exclusivity(unchecked) private var freeConstraints: [Int] = []
    /// Where each symbol sits in a row being rewritten (by symbol index; -1 outside a rewrite).
    @exclusivity(unchecked) private var positions: [Int32] = []
    /// The parked blocks (``park(_:releasing:)``), by key.
    @exclusivity(unchecked) private var parked: [UInt32: Parked] = [:]
    /// The key of the parked block each symbol is in, by symbol index (0: none).
    @exclusivity(unchecked) private var parkedIn: [UInt32] = []
    private var lastParkKey: UInt32 = 0

    /// A closed block taken out of the tableau whole: its rows, its part of the objective, and
    /// what it holds, with every symbol kept.
    private struct Parked {
        var rows: [Row] = []
        var basics: [Symbol] = []
        var objective: [(Symbol, Double)] = []
        /// The constraints' slots.
        var slots: [Int] = []
        /// The block's symbols: markers, errors and variables, each once.
        var members: [UInt32] = []
        /// The variables to free when the block is dropped, each once.
        var released: [UInt32] = []
    }

    /// What the solver keeps of a constraint: the symbols that mark it in the tableau.
    private struct Record {
        /// The slack, error or dummy symbol that identifies the constraint's row.
        var marker: Symbol
        /// The second error symbol of an optional equation (nil otherwise).
        var other: Symbol?
        /// The marker's coefficient in the constraint's row as it was made: a change of the
        /// constant by Δ is a shift of the marker by Δ / this.
        var markerCoefficient: Double
        /// The weight of an optional constraint; nil: required.
        var weight: Double?
        /// The constant as the caller last gave it.
        var constant: Double
        /// The symbol index of each term's variable (a variable named twice is here twice).
        var variables: [UInt32] = []
        /// The key of the parked block it is in (0: in the tableau).
        var block: UInt32 = 0
    }

    /// An empty solver.
    public init() {}

    /// How many constraints the solver holds.
    public private(set) var constraintCount = 0

    // MARK: - Variables

    /// A new variable, free until constraints bind it (its value is then 0).
    public func makeVariable() -> LayoutVariable {
        LayoutVariable(index: makeSymbol(.external).index)
    }

    /// The variable's value in the current solution.
    public func value(of variable: LayoutVariable) -> Double {
        unpark(variable.index)
        let row = rowOf[Int(variable.index)]
        return row < 0 ? 0 : rows[Int(row)].constant
    }

    /// Whether the constraints fix the variable's value: false when it could move without
    /// breaking a required constraint or costing an optional one (an ambiguous layout). A
    /// variable is free when it is in no row, or when its row has a free parameter: a variable
    /// no constraint fixes, or the slack of an inequality that is not tight against another.
    public func isDetermined(_ variable: LayoutVariable) -> Bool {
        unpark(variable.index)
        guard let basic = row(of: Symbol(index: variable.index, kind: .external)) else { return false }
        let row = rows[basic]
        for index in row.symbols.indices {
            let symbol = row.symbols[index]
            guard symbol.kind != .dummy, objective.coefficient(for: symbol).isNearZero else { continue }
            if canMove(symbol, up: true) || (symbol.kind == .external && canMove(symbol, up: false)) { return false }
        }
        return true
    }

    /// Whether a parameter can move a little (up or down) with every restricted basic staying
    /// non-negative: no degenerate row (constant 0) stops it.
    private func canMove(_ parameter: Symbol, up: Bool) -> Bool {
        let bit = Row.bit(parameter)
        for index in rows.indices where masks[index] & bit != 0 && basics[index].isRestricted && rows[index].constant.isNearZero {
            let coefficient = rows[index].coefficient(for: parameter)
            if (up ? coefficient : -coefficient) < 0, !coefficient.isNearZero { return false }
        }
        return true
    }

    /// Releases a variable no constraint names any more, for reuse.
    public func release(_ variable: LayoutVariable) {
        unpark(variable.index)
        let symbol = Symbol(index: variable.index, kind: .external)
        if let row = row(of: symbol) { removeRow(at: row) }
        freeSymbol(symbol)
    }

    // MARK: - Constraints

    /// Adds `Σ coefficient × variable + constant  relation  0`, required (`weight` nil) or
    /// optional with `weight` (> 0).
    /// - Throws: ``LayoutSolverError/nonFinite(_:)`` for a NaN or infinite number (nothing is
    ///   added); ``LayoutSolverError/unsatisfiable`` when a required constraint contradicts the
    ///   required ones already held (nothing is added).
    @discardableResult
    public func add(
        _ terms: [(LayoutVariable, Double)], constant: Double = 0, _ relation: LayoutRelation, weight: Double? = nil
    ) throws(LayoutSolverError) -> LayoutConstraintID {
        guard constant.isFinite else { throw .nonFinite(constant) }
        for (_, coefficient) in terms where !coefficient.isFinite { throw .nonFinite(coefficient) }
        if let weight, !(weight.isFinite && weight > 0) { throw .nonFinite(weight) }
        for (variable, _) in terms { unpark(variable.index) }
        var row = Row(constant: constant)
        for (variable, coefficient) in terms {
            let symbol = Symbol(index: variable.index, kind: .external)
            if let basic = self.row(of: symbol) {
                row.add(rows[basic], times: coefficient, positions: &positions)
            } else {
                row.add(symbol, coefficient)
            }
        }
        var record: Record
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            row.add(slack, sign)
            record = Record(marker: slack, other: nil, markerCoefficient: sign, weight: weight, constant: constant)
            if let weight {
                let error = makeSymbol(.error)
                row.add(error, -sign)
                objective.add(error, weight)
                seen[Int(error.index)] = true
                record.other = error
            }
        case .equal:
            if let weight {
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                row.add(plus, -1)
                row.add(minus, 1)
                objective.add(plus, weight)
                objective.add(minus, weight)
                seen[Int(plus.index)] = true
                seen[Int(minus.index)] = true
                record = Record(marker: plus, other: minus, markerCoefficient: -1, weight: weight, constant: constant)
            } else {
                let dummy = makeSymbol(.dummy)
                row.add(dummy, 1)
                record = Record(marker: dummy, other: nil, markerCoefficient: 1, weight: nil, constant: constant)
            }
        }
        if row.constant < 0 { row.reverseSign() }

        var subject = chooseSubject(row, record)
        if subject == nil, row.symbols.allSatisfy({ $0.kind == .dummy }) {
            guard row.constant.isNearZero else {
                forget(record)
                throw .unsatisfiable
            }
            subject = record.marker
        }
        if let subject {
            let wasSeen = seen[Int(subject.index)]
            for symbol in row.symbols { seen[Int(symbol.index)] = true }
            row.solve(for: subject)
            if wasSeen { substitute(subject, with: row) }
            appendRow(row, basic: subject)
        } else if markSeen(row), !addWithArtificialVariable(row) {
            forget(record)
            throw .unsatisfiable
        }
        optimize()
        constraintCount += 1
        record.variables = terms.map(\.0.index)
        for index in record.variables { uses[Int(index)] &+= 1 }
        return store(record)
    }

    /// Removes a constraint; the others are solved again without it. An unknown or removed one
    /// is ignored.
    public func remove(_ id: LayoutConstraintID) {
        unpark(id)
        guard id.index < constraints.count, let record = constraints[id.index] else { return }
        constraints[id.index] = nil
        freeConstraints.append(id.index)
        constraintCount -= 1
        for index in record.variables { uses[Int(index)] &-= 1 }
        // Its errors leave the objective.
        if let weight = record.weight {
            func leaveObjective(_ error: Symbol) {
                guard error.kind == .error else { return }
                if let basic = row(of: error) {
                    objective.add(rows[basic], times: -weight)
                } else {
                    objective.add(error, -weight)
                }
            }
            leaveObjective(record.marker)
            if let other = record.other { leaveObjective(other) }
        }
        if let basic = row(of: record.marker) {
            removeRow(at: basic)
        } else {
            // Pivot the marker into the basis, then drop its row.
            // A marker in no row (its constraint was redundant) leaves nothing to pivot; the
            // objective lost its errors all the same, so the solution is optimized again.
            guard let leaving = markerLeavingRow(record.marker) else {
                forget(record, markerInNoRow: true)
                optimize()
                return
            }
            var row = rows[leaving]
            let leavingSymbol = basics[leaving]
            removeRow(at: leaving)
            row.solve(for: leavingSymbol, replacing: record.marker)
            substitute(record.marker, with: row)
        }
        // The marker's row is gone, or the marker substituted out of every row.
        forget(record, markerInNoRow: true)
        optimize()
    }

    /// Removes `ids` and releases `variables`, as removing each constraint and then releasing
    /// each variable would, in one step when they form a closed block: no other constraint
    /// names their variables, and no row mixes their symbols with the others'. The tableau is
    /// then block by block, and so is the objective: the block's rows and its part of the
    /// objective are dropped and the rest, already optimal, is not solved again (a screen
    /// leaving the window costs a pass over the rows, not a pivot per constraint). Otherwise
    /// the constraints are removed one by one. Unknown or removed IDs are ignored.
    public func remove(_ ids: [LayoutConstraintID], releasing variables: [LayoutVariable]) {
        guard !ids.isEmpty || !variables.isEmpty else { return }
        for id in ids { unpark(id) }
        for variable in variables { unpark(variable.index) }
        guard !removeBlock(ids, variables) else { return }
        for id in ids { remove(id) }
        for variable in variables { release(variable) }
    }

    /// Takes `ids` and `variables` out of the tableau as ``remove(_:releasing:)`` takes a closed
    /// block, but keeps them, solved, for ``restore(_:)`` to put back with nothing solved again
    /// (a screen that leaves the window and comes back, as a tab's page does); ``drop(_:)``
    /// removes them for good. Nil, with nothing changed, when they are not a closed block
    /// apart from the rest.
    ///
    /// Meanwhile the constraints and variables stay theirs, and the rest of the solver works
    /// as if they were removed: ``constraintCount`` leaves them out. Naming one (a constraint
    /// added on a parked variable, a parked constraint's constant changed or removed, a parked
    /// value read) restores its block first, so no order of calls can mix a parked block with
    /// the rest.
    public func park(_ ids: [LayoutConstraintID], variables: [LayoutVariable]) -> ParkedLayoutBlock? {
        guard !ids.isEmpty || !variables.isEmpty else { return nil }
        var key = lastParkKey
        repeat { key &+= 1 } while key == 0 || parked[key] != nil
        let fits = withBlock(ids, variables) { records, members in
            var block = Parked()
            var index = rows.count - 1
            while index >= 0 {
                if inBlock[Int(basics[index].index)] {
                    block.rows.append(rows[index])
                    block.basics.append(basics[index])
                    removeRow(at: index)
                }
                index -= 1
            }
            for index in objective.symbols.indices where inBlock[Int(objective.symbols[index].index)] {
                block.objective.append((objective.symbols[index], objective.coefficients[index]))
            }
            objective.removeAll { inBlock[Int($0.index)] }
            for (slot, _) in records {
                constraints[slot]?.block = key
                block.slots.append(slot)
                constraintCount -= 1
            }
            // Each variable to release once, however often it is named (its mark goes as it is
            // listed).
            for variable in variables
            where Int(variable.index) < inBlock.count && inBlock[Int(variable.index)] && kinds[Int(variable.index)] == .external {
                inBlock[Int(variable.index)] = false
                block.released.append(variable.index)
            }
            for index in members { parkedIn[Int(index)] = key }
            block.members = members
            parked[key] = block
        }
        guard fits else { return nil }
        lastParkKey = key
        return ParkedLayoutBlock(key: key)
    }

    /// Puts a parked block back as it was parked: its rows, its part of the objective and its
    /// constraints. It shares no symbol with the rest, and both were optimal, so nothing is
    /// solved again. False when the block is not parked (restored or dropped already).
    @discardableResult
    public func restore(_ block: ParkedLayoutBlock) -> Bool {
        guard let parked = parked.removeValue(forKey: block.key) else { return false }
        for index in parked.rows.indices { appendRow(parked.rows[index], basic: parked.basics[index]) }
        for (symbol, coefficient) in parked.objective { objective.add(symbol, coefficient) }
        for slot in parked.slots {
            guard let record = constraints[slot] else { continue }
            constraints[slot]?.block = 0
            constraintCount += 1
            for index in record.variables { uses[Int(index)] &+= 1 }
        }
        for index in parked.members { parkedIn[Int(index)] = 0 }
        return true
    }

    /// Removes a parked block for good: its constraints, and the variables it was parked with.
    /// A block not parked is ignored.
    public func drop(_ block: ParkedLayoutBlock) {
        guard let parked = parked.removeValue(forKey: block.key) else { return }
        for index in parked.members { parkedIn[Int(index)] = 0 }
        for slot in parked.slots {
            guard let record = constraints[slot] else { continue }
            freeRecord(record, at: slot)
        }
        for index in parked.released { freeSymbol(Symbol(index: index, kind: .external)) }
    }

    /// Frees a constraint's slot and its marker and error symbols.
    private func freeRecord(_ record: Record, at slot: Int) {
        constraints[slot] = nil
        freeConstraints.append(slot)
        freeSymbol(record.marker)
        if let other = record.other { freeSymbol(other) }
    }

    /// How many blocks are parked.
    public var parkedBlockCount: Int { parked.count }

    /// Restores the parked block a symbol is in, if any.
    @inline(__always)
    private func unpark(_ index: UInt32) {
        guard Int(index) < parkedIn.count, parkedIn[Int(index)] != 0 else { return }
        restore(ParkedLayoutBlock(key: parkedIn[Int(index)]))
    }

    /// Restores the parked block a constraint is in, if any.
    @inline(__always)
    private func unpark(_ id: LayoutConstraintID) {
        guard id.index < constraints.count, let block = constraints[id.index]?.block, block != 0 else { return }
        restore(ParkedLayoutBlock(key: block))
    }

    /// Drops `ids` and `variables` as a closed block; false, with nothing changed, when they are
    /// not one.
    private func removeBlock(_ ids: [LayoutConstraintID], _ variables: [LayoutVariable]) -> Bool {
        withBlock(ids, variables) { records, _ in
            var index = rows.count - 1
            while index >= 0 {
                if inBlock[Int(basics[index].index)] { removeRow(at: index) }
                index -= 1
            }
            objective.removeAll { inBlock[Int($0.index)] }
            for (slot, record) in records {
                freeRecord(record, at: slot)
                constraintCount -= 1
            }
            // Each released variable freed once, however often it was named (its mark goes as
            // it is freed).
            for variable in variables
            where Int(variable.index) < inBlock.count && inBlock[Int(variable.index)] && kinds[Int(variable.index)] == .external {
                inBlock[Int(variable.index)] = false
                freeSymbol(Symbol(index: variable.index, kind: .external))
            }
        }
    }

    /// Runs `body` with the constraints `ids` and the variables `variables` marked in
    /// ``inBlock``, when they form a closed block, apart from the rest of the tableau; false,
    /// with nothing changed, when they do not. The block's terms are taken off the use counts
    /// before `body` runs, which is given its records and symbols (each once).
    private func withBlock(
        _ ids: [LayoutConstraintID], _ variables: [LayoutVariable], _ body: (_ records: [(index: Int, record: Record)], _ members: [UInt32]) -> Void
    ) -> Bool {
        var records: [(index: Int, record: Record)] = []
        records.reserveCapacity(ids.count)
        for id in ids where id.index < constraints.count {
            guard let record = constraints[id.index], record.block == 0, !inBlock[Int(record.marker.index)] else { continue }
            inBlock[Int(record.marker.index)] = true
            records.append((id.index, record))
        }
        // The block's symbols: its markers, errors and variables. `joined` lists each once,
        // so that the marks are cleared whatever the answer.
        var joined: [UInt32] = records.map(\.record.marker.index)
        defer { for index in joined { inBlock[Int(index)] = false } }
        func join(_ index: UInt32) {
            guard !inBlock[Int(index)] else { return }
            inBlock[Int(index)] = true
            joined.append(index)
        }
        for (_, record) in records {
            if let other = record.other { join(other.index) }
            for index in record.variables { join(index) }
        }
        for variable in variables
        where Int(variable.index) < kinds.count && kinds[Int(variable.index)] == .external && parkedIn[Int(variable.index)] == 0 {
            join(variable.index)
        }
        // Closed: the block's own terms are every use of its variables (its terms are taken off
        // the counts, and put back if it is not a block). Apart: each row is wholly the block's
        // or wholly not.
        for (_, record) in records {
            for index in record.variables { uses[Int(index)] &-= 1 }
        }
        guard joined.allSatisfy({ kinds[Int($0)] != .external || uses[Int($0)] == 0 }), rowsKeepApart() else {
            for (_, record) in records {
                for index in record.variables { uses[Int(index)] &+= 1 }
            }
            return false
        }
        body(records, joined)
        return true
    }

    /// Whether every row is wholly of the block being removed or wholly not: no row holds
    /// symbols of both.
    private func rowsKeepApart() -> Bool {
        for index in rows.indices {
            let inside = inBlock[Int(basics[index].index)]
            for symbol in rows[index].symbols where inBlock[Int(symbol.index)] != inside { return false }
        }
        return true
    }

    /// Changes a constraint's constant: only the rows it appears in change, and the dual
    /// simplex repairs what became infeasible.
    /// - Throws: ``LayoutSolverError/nonFinite(_:)`` (nothing changes);
    ///   ``LayoutSolverError/unsatisfiable`` when a required equation can no longer hold with
    ///   the others (the old constant stays).
    public func setConstant(_ id: LayoutConstraintID, _ constant: Double) throws(LayoutSolverError) {
        guard constant.isFinite else { throw .nonFinite(constant) }
        unpark(id)
        guard id.index < constraints.count, var record = constraints[id.index] else { return }
        let delta = constant - record.constant
        guard delta != 0 else { return }
        let shift = delta / record.markerCoefficient
        if record.marker.kind == .dummy, let basic = row(of: record.marker) {
            // A required equation whose dummy is basic is implied by the others: it can only
            // take the constant they give it.
            guard (rows[basic].constant - shift).isNearZero else { throw .unsatisfiable }
        }
        shiftMarker(record.marker, by: shift)
        guard dualOptimize() else {
            // A required constraint cannot follow: go back to the constant that held.
            infeasible.removeAll(keepingCapacity: true)
            shiftMarker(record.marker, by: -shift)
            _ = dualOptimize()
            throw .unsatisfiable
        }
        record.constant = constant
        constraints[id.index] = record
    }

    /// Moves a constraint's marker by `shift` (its constant by `shift` × the marker's
    /// coefficient): the marker's row, or every row it is a parameter of, and notes the rows
    /// that became infeasible.
    private func shiftMarker(_ marker: Symbol, by shift: Double) {
        // The old marker is the new one plus `shift`: substituted, each row's constant moves by
        // its coefficient times the shift, and the marker's own row by minus the shift.
        if let basic = row(of: marker) {
            rows[basic].constant -= shift
            if rows[basic].constant < 0, marker.isRestricted { infeasible.append(marker) }
        } else {
            let bit = Row.bit(marker)
            for index in rows.indices where masks[index] & bit != 0 {
                let coefficient = rows[index].coefficient(for: marker)
                guard coefficient != 0 else { continue }
                rows[index].constant += coefficient * shift
                if rows[index].constant < 0, basics[index].isRestricted { infeasible.append(basics[index]) }
            }
        }
    }

    /// The constant a constraint was last given.
    public func constant(of id: LayoutConstraintID) -> Double? {
        guard id.index < constraints.count else { return nil }
        return constraints[id.index]?.constant
    }

    // MARK: - The simplex

    private func row(of symbol: Symbol) -> Int? {
        let index = Int(symbol.index)
        guard index < rowOf.count, rowOf[index] >= 0 else { return nil }
        return Int(rowOf[index])
    }

    private func appendRow(_ row: Row, basic: Symbol) {
        rowOf[Int(basic.index)] = Int32(rows.count)
        rows.append(row)
        basics.append(basic)
        masks.append(row.mask)
    }

    private func removeRow(at index: Int) {
        rowOf[Int(basics[index].index)] = -1
        let last = rows.count - 1
        if index != last {
            rows.swapAt(index, last)
            basics.swapAt(index, last)
            masks.swapAt(index, last)
            rowOf[Int(basics[index].index)] = Int32(index)
        }
        rows.removeLast()
        basics.removeLast()
        masks.removeLast()
    }

    /// Replaces `symbol` by `row` in every row and the objective; a restricted basic symbol
    /// driven below zero is noted for the dual simplex.
    private func substitute(_ symbol: Symbol, with row: Row) {
        let bit = Row.bit(symbol)
        for index in rows.indices where masks[index] & bit != 0 {
            rows[index].substitute(symbol, with: row, positions: &positions)
            masks[index] = rows[index].mask
            if basics[index].isRestricted, rows[index].constant < 0 { infeasible.append(basics[index]) }
        }
        objective.substitute(symbol, with: row, positions: &positions)
    }

    /// The symbol a new row is solved for: an external variable if it has one (it is free), else
    /// the marker or the other error when it has a negative coefficient (a restricted symbol
    /// may enter only so).
    private func chooseSubject(_ row: Row, _ record: Record) -> Symbol? {
        if let external = row.symbols.first(where: { $0.kind == .external }) { return external }
        if record.marker.isPivotable, row.coefficient(for: record.marker) < 0 { return record.marker }
        if let other = record.other, other.isPivotable, row.coefficient(for: other) < 0 { return other }
        return nil
    }

    /// Adds `row` through an artificial variable (phase one of the simplex): whether the row
    /// can hold with the rest.
    private func addWithArtificialVariable(_ row: Row) -> Bool {
        let artificial = makeSymbol(.slack)
        appendRow(row, basic: artificial)
        var phaseOne = row
        optimize(&phaseOne)
        var feasible = phaseOne.constant.isNearZero
        if let basic = self.row(of: artificial) {
            var artificialRow = rows[basic]
            removeRow(at: basic)
            if let entering = artificialRow.symbols.first(where: \.isPivotable) {
                artificialRow.solve(for: artificial, replacing: entering)
                substitute(entering, with: artificialRow)
                appendRow(artificialRow, basic: entering)
            } else if artificialRow.count > 0 {
                feasible = false
            }
        }
        let bit = Row.bit(artificial)
        for index in rows.indices where masks[index] & bit != 0 { rows[index].remove(artificial) }
        objective.remove(artificial)
        freeSymbol(artificial)
        return feasible
    }

    /// Minimises the objective (the primal simplex).
    private func optimize() {
        var objective = self.objective
        self.objective = Row()
        optimize(&objective)
        self.objective = objective
    }

    private func optimize(_ target: inout Row) {
        while true {
            // Entering: a pivotable symbol whose coefficient lowers the target.
            var entering: Symbol?
            for index in target.symbols.indices where target.symbols[index].kind != .dummy && target.coefficients[index] < 0 {
                entering = target.symbols[index]
                break
            }
            guard let entering else { return }
            // Leaving: the restricted row that binds first.
            var best = Double.infinity
            var leaving: Int?
            let bit = Row.bit(entering)
            for index in rows.indices where masks[index] & bit != 0 && basics[index].isRestricted {
                let coefficient = rows[index].coefficient(for: entering)
                guard coefficient < 0 else { continue }
                let ratio = -rows[index].constant / coefficient
                if ratio < best {
                    best = ratio
                    leaving = index
                }
            }
            // Unbounded: nothing limits the entering symbol. Cannot happen for an objective of
            // non-negative errors; stop rather than loop.
            guard let leaving else { return }
            var row = rows[leaving]
            let leavingSymbol = basics[leaving]
            removeRow(at: leaving)
            row.solve(for: leavingSymbol, replacing: entering)
            substitute(entering, with: row)
            target.substitute(entering, with: row, positions: &positions)
            appendRow(row, basic: entering)
        }
    }

    /// Restores feasibility after constants changed (the dual simplex), keeping optimality.
    /// False when no pivot can: the required constraints cannot all hold.
    private func dualOptimize() -> Bool {
        while let leavingSymbol = infeasible.popLast() {
            guard let leaving = row(of: leavingSymbol), rows[leaving].constant < 0, !rows[leaving].constant.isNearZero else { continue }
            var entering: Symbol?
            var best = Double.infinity
            let row = rows[leaving]
            for index in row.symbols.indices {
                let symbol = row.symbols[index]
                let coefficient = row.coefficients[index]
                guard coefficient > 0, symbol.kind != .dummy else { continue }
                let ratio = objective.coefficient(for: symbol) / coefficient
                if ratio < best {
                    best = ratio
                    entering = symbol
                }
            }
            guard let entering else { return false }
            var pivot = row
            removeRow(at: leaving)
            pivot.solve(for: leavingSymbol, replacing: entering)
            substitute(entering, with: pivot)
            appendRow(pivot, basic: entering)
        }
        return true
    }

    /// The row a non-basic marker replaces when its constraint is removed.
    private func markerLeavingRow(_ marker: Symbol) -> Int? {
        var first = Double.infinity
        var second = Double.infinity
        var firstRow: Int?
        var secondRow: Int?
        var thirdRow: Int?
        let bit = Row.bit(marker)
        for index in rows.indices where masks[index] & bit != 0 {
            let coefficient = rows[index].coefficient(for: marker)
            guard coefficient != 0 else { continue }
            if basics[index].kind == .external {
                thirdRow = index
            } else if coefficient < 0 {
                let ratio = -rows[index].constant / coefficient
                if ratio < first {
                    first = ratio
                    firstRow = index
                }
            } else {
                let ratio = rows[index].constant / coefficient
                if ratio < second {
                    second = ratio
                    secondRow = index
                }
            }
        }
        return firstRow ?? secondRow ?? thirdRow
    }

    // MARK: - Symbols and records

    private func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        if let index = freeSymbols.popLast() {
            kinds[Int(index)] = kind
            uses[Int(index)] = 0
            return Symbol(index: index, kind: kind)
        }
        let index = UInt32(kinds.count)
        kinds.append(kind)
        rowOf.append(-1)
        seen.append(false)
        uses.append(0)
        inBlock.append(false)
        positions.append(-1)
        parkedIn.append(0)
        return Symbol(index: index, kind: kind)
    }

    private func freeSymbol(_ symbol: Symbol) {
        rowOf[Int(symbol.index)] = -1
        seen[Int(symbol.index)] = false
        uses[Int(symbol.index)] = 0
        freeSymbols.append(symbol.index)
    }

    /// Notes the symbols of a row entering the tableau; true, for use in a condition.
    private func markSeen(_ row: Row) -> Bool {
        for symbol in row.symbols { seen[Int(symbol.index)] = true }
        return true
    }

    private func store(_ record: Record) -> LayoutConstraintID {
        if let index = freeConstraints.popLast() {
            constraints[index] = record
            return LayoutConstraintID(index: index)
        }
        constraints.append(record)
        return LayoutConstraintID(index: constraints.count - 1)
    }

    /// Frees the symbols of a constraint that is gone (or was refused): they are in no row.
    /// `markerInNoRow`: the caller has already taken the marker out of the tableau.
    private func forget(_ record: Record, markerInNoRow: Bool = false) {
        forget(record.marker, searching: !markerInNoRow)
        if let other = record.other { forget(other, searching: true) }
    }

    private func forget(_ symbol: Symbol, searching: Bool) {
        objective.remove(symbol)
        if let basic = row(of: symbol) {
            // A basic symbol is in no other row: the tableau keeps it so.
            removeRow(at: basic)
        } else if searching && seen[Int(symbol.index)] {
            let bit = Row.bit(symbol)
            for index in rows.indices where masks[index] & bit != 0 { rows[index].remove(symbol) }
        }
        freeSymbol(symbol)
    }
}
