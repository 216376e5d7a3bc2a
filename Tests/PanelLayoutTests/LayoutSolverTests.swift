import PanelLayout
import Testing

@Suite("The layout solver: Cassowary's equations, inequalities and weights")
struct LayoutSolverTests {
    @Test("a required equation holds: x - 10 = 0 gives x = 10")
    func equationHolds() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        try solver.add([(x, 1)], constant: -10, .equal)
        #expect(solver.value(of: x) == 10)
    }

    @Test("two equations in two variables are solved together: x + y = 100 and x = 3y")
    func twoEquations() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        let y = solver.makeVariable()
        try solver.add([(x, 1), (y, 1)], constant: -100, .equal)
        try solver.add([(x, 1), (y, -3)], .equal)
        #expect(abs(solver.value(of: x) - 75) < 1e-9)
        #expect(abs(solver.value(of: y) - 25) < 1e-9)
    }

    @Test("an optional equation goes as far as the required inequalities let it: x = 0 weak, x ≥ 10 gives 10")
    func optionalStopsAtRequiredBound() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        try solver.add([(x, 1)], constant: -10, .greaterThanOrEqual)
        try solver.add([(x, 1)], .equal, weight: 1)
        #expect(abs(solver.value(of: x) - 10) < 1e-9)
    }

    @Test("of two conflicting optional equations the heavier holds exactly, in either order")
    func heavierWins() throws {
        for heavyFirst in [true, false] {
            let solver = LayoutSolver()
            let x = solver.makeVariable()
            if heavyFirst {
                try solver.add([(x, 1)], constant: -100, .equal, weight: 750)
                try solver.add([(x, 1)], constant: -40, .equal, weight: 250)
            } else {
                try solver.add([(x, 1)], constant: -40, .equal, weight: 250)
                try solver.add([(x, 1)], constant: -100, .equal, weight: 750)
            }
            #expect(abs(solver.value(of: x) - 100) < 1e-9)
        }
    }

    @Test("a required constraint that contradicts the required ones is refused, and the solution stays")
    func unsatisfiableIsRefused() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        try solver.add([(x, 1)], constant: -10, .greaterThanOrEqual)
        try solver.add([(x, 1)], constant: -20, .equal)
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add([(x, 1)], constant: -5, .lessThanOrEqual) }
        #expect(abs(solver.value(of: x) - 20) < 1e-9)
        #expect(solver.constraintCount == 2)
    }

    @Test("a NaN or infinite constant, coefficient or weight is refused with nothing added", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteRefused(bad: Double) {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        #expect(throws: LayoutSolverError.self) { try solver.add([(x, 1)], constant: bad, .equal) }
        #expect(throws: LayoutSolverError.self) { try solver.add([(x, bad)], .equal) }
        #expect(throws: LayoutSolverError.self) { try solver.add([(x, 1)], .equal, weight: bad) }
        #expect(solver.constraintCount == 0)
    }

    @Test("changing a constant re-solves: a view 100 wide from x = 20 ends at 120, then 170 when 150 wide")
    func constantChange() throws {
        let solver = LayoutSolver()
        let left = solver.makeVariable()
        let right = solver.makeVariable()
        try solver.add([(left, 1)], constant: -20, .equal)
        let width = try solver.add([(right, 1), (left, -1)], constant: -100, .equal)
        #expect(abs(solver.value(of: right) - 120) < 1e-9)
        try solver.setConstant(width, -150)
        #expect(abs(solver.value(of: right) - 170) < 1e-9)
        #expect(solver.constant(of: width) == -150)
    }

    @Test("changing an optional constraint's constant moves it until a required bound stops it")
    func optionalConstantChangeStopsAtBound() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        try solver.add([(x, 1)], constant: -300, .lessThanOrEqual)
        let wish = try solver.add([(x, 1)], constant: -100, .equal, weight: 500)
        try solver.setConstant(wish, -200)
        #expect(abs(solver.value(of: x) - 200) < 1e-9)
        try solver.setConstant(wish, -400)
        #expect(abs(solver.value(of: x) - 300) < 1e-9)
        try solver.setConstant(wish, -50)
        #expect(abs(solver.value(of: x) - 50) < 1e-9)
    }

    @Test("a required constant change that contradicts the others is refused, and the old constant stays in force")
    func requiredConstantChangeRefused() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        try solver.add([(x, 1)], constant: -300, .lessThanOrEqual)
        let position = try solver.add([(x, 1)], constant: -100, .equal)
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.setConstant(position, -400) }
        #expect(abs(solver.value(of: x) - 100) < 1e-9)
        #expect(solver.constant(of: position) == -100)
    }

    @Test("removing a constraint lets the next one decide: without x = 50, x = 10 weak holds")
    func removal() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        try solver.add([(x, 1)], constant: -10, .equal, weight: 1)
        let strong = try solver.add([(x, 1)], constant: -50, .equal)
        #expect(abs(solver.value(of: x) - 50) < 1e-9)
        solver.remove(strong)
        #expect(abs(solver.value(of: x) - 10) < 1e-9)
        #expect(solver.constraintCount == 1)
    }

    @Test("a row of views with margins between them and a container: each placed where the equations say")
    func rowOfViews() throws {
        let solver = LayoutSolver()
        // Three views of equal width, 8 apart, inside 0…320 with 16 margins.
        let lefts = (0 ..< 3).map { _ in solver.makeVariable() }
        let widths = (0 ..< 3).map { _ in solver.makeVariable() }
        try solver.add([(lefts[0], 1)], constant: -16, .equal)
        for i in 1 ..< 3 {
            try solver.add([(lefts[i], 1), (lefts[i - 1], -1), (widths[i - 1], -1)], constant: -8, .equal)
            try solver.add([(widths[i], 1), (widths[0], -1)], .equal)
        }
        try solver.add([(lefts[2], 1), (widths[2], 1)], constant: -(320 - 16), .equal)
        let width = (320.0 - 32 - 16) / 3
        for i in 0 ..< 3 {
            #expect(abs(solver.value(of: widths[i]) - width) < 1e-9)
            #expect(abs(solver.value(of: lefts[i]) - (16 + Double(i) * (width + 8))) < 1e-9)
        }
    }

    @Test("adding and removing a constraint 1000 times leaves the solver as it was")
    func addRemoveCycles() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        try solver.add([(x, 1)], constant: -10, .equal, weight: 1)
        for i in 0 ..< 1000 {
            let c = try solver.add([(x, 1)], constant: -Double(i), .greaterThanOrEqual, weight: 100)
            solver.remove(c)
        }
        #expect(abs(solver.value(of: x) - 10) < 1e-9)
        #expect(solver.constraintCount == 1)
    }

    @Test("a variable released while a constraint names it, then the constraint removed, does not trap, and the solver goes on")
    func releasedTooEarly() throws {
        let s = LayoutSolver()
        let x = s.makeVariable()
        let c = try s.add([(x, 1)], constant: -10, .equal)
        s.release(x)
        s.remove(c)
        // y takes x's freed symbol: its count starts from nothing, so a block naming it is
        // closed only once its constraint goes with it.
        let y = s.makeVariable()
        let z = s.makeVariable()
        let d = try s.add([(y, 1)], constant: -20, .equal)
        try s.add([(z, 1), (y, -1)], constant: -5, .equal)
        s.remove([d], releasing: [])
        #expect(s.constraintCount == 1)
        #expect(s.value(of: z) - s.value(of: y) == 5)
    }

    @Test("10 000 constraints on one screen still solve: 2 500 views placed by four each")
    func tenThousand() throws {
        let solver = LayoutSolver()
        var last: (LayoutVariable, LayoutVariable)?
        for i in 0 ..< 2_500 {
            let left = solver.makeVariable()
            let top = solver.makeVariable()
            let width = solver.makeVariable()
            let height = solver.makeVariable()
            try solver.add([(left, 1)], constant: -Double(i % 50) * 16, .equal)
            try solver.add([(top, 1)], constant: -Double(i / 50) * 9, .equal)
            try solver.add([(width, 1)], constant: -14, .equal)
            try solver.add([(height, 1), (width, -0.5)], .equal)
            last = (left, height)
        }
        #expect(solver.constraintCount == 10_000)
        let (left, height) = try #require(last)
        #expect(abs(solver.value(of: left) - 49 * 16) < 1e-9)
        #expect(abs(solver.value(of: height) - 7) < 1e-9)
    }
}

/// A deterministic generator for the property tests (SplitMix64).
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One constraint of a random screen: a row of views with required and optional parts.
private struct Spec {
    var terms: [(Int, Double)]
    var constant: Double
    var relation: LayoutRelation
    var weight: Double?
}

@Suite("The layout solver against itself: incremental changes end where a fresh solve does")
struct LayoutSolverPropertyTests {
    /// A row of `n` views: each view's left and width; required order and minimum widths,
    /// optional preferred widths and positions of different weights.
    private func screen(_ n: Int, _ rng: inout SplitMix) -> [Spec] {
        var specs: [Spec] = []
        // Variables: 2i is view i's left, 2i + 1 its width.
        specs.append(Spec(terms: [(0, 1)], constant: -8, relation: .equal, weight: nil))
        for i in 0 ..< n {
            specs.append(Spec(terms: [(2 * i + 1, 1)], constant: -20, relation: .greaterThanOrEqual, weight: nil))
            specs.append(
                Spec(
                    terms: [(2 * i + 1, 1)], constant: -Double(Int.random(in: 30 ... 120, using: &rng)), relation: .equal,
                    weight: [250.0, 500, 750].randomElement(using: &rng)))
            if i > 0 {
                specs.append(Spec(terms: [(2 * i, 1), (2 * i - 2, -1), (2 * i - 1, -1)], constant: -8, relation: .greaterThanOrEqual, weight: nil))
                specs.append(Spec(terms: [(2 * i, 1), (2 * i - 2, -1), (2 * i - 1, -1)], constant: -8, relation: .equal, weight: 100))
            }
        }
        specs.append(Spec(terms: [(2 * n - 2, 1), (2 * n - 1, 1)], constant: -792, relation: .lessThanOrEqual, weight: nil))
        return specs
    }

    private func solve(_ specs: [Spec], variables: Int) throws -> (LayoutSolver, [LayoutVariable], [LayoutConstraintID]) {
        let solver = LayoutSolver()
        let vars = (0 ..< variables).map { _ in solver.makeVariable() }
        var ids: [LayoutConstraintID] = []
        for spec in specs {
            ids.append(try solver.add(spec.terms.map { (vars[$0.0], $0.1) }, constant: spec.constant, spec.relation, weight: spec.weight))
        }
        return (solver, vars, ids)
    }

    @Test("50 random screens, each with 20 constant changes of optional widths: the incremental solution is a fresh solve's", arguments: 0 ..< 50)
    func incrementalMatchesFresh(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 7919 &+ 1)
        let n = Int.random(in: 2 ... 8, using: &rng)
        var specs = screen(n, &rng)
        let (solver, vars, ids) = try solve(specs, variables: 2 * n)
        let optionalWidths = specs.indices.filter { specs[$0].weight != nil && specs[$0].terms.count == 1 }
        for _ in 0 ..< 20 {
            let index = optionalWidths.randomElement(using: &rng)!
            let constant = -Double(Int.random(in: 10 ... 300, using: &rng))
            try solver.setConstant(ids[index], constant)
            specs[index].constant = constant
        }
        let (fresh, freshVars, _) = try solve(specs, variables: 2 * n)
        // The optimum's cost is unique; where it has ties the two may pick different vertices,
        // so compare what is forced: every required constraint holds in both, and the
        // weighted error is the same.
        #expect(requiredHold(specs, solver, vars))
        #expect(requiredHold(specs, fresh, freshVars))
        #expect(abs(cost(specs, solver, vars) - cost(specs, fresh, freshVars)) < 1e-6 * max(1, cost(specs, fresh, freshVars)))
    }

    @Test("50 random screens: removing every optional constraint and adding it back ends at a fresh solve's cost", arguments: 0 ..< 50)
    func removeAndAddBack(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 104_729 &+ 3)
        let n = Int.random(in: 2 ... 8, using: &rng)
        let specs = screen(n, &rng)
        let (solver, vars, ids) = try solve(specs, variables: 2 * n)
        for index in specs.indices where specs[index].weight != nil {
            solver.remove(ids[index])
            let spec = specs[index]
            try solver.add(spec.terms.map { (vars[$0.0], $0.1) }, constant: spec.constant, spec.relation, weight: spec.weight)
        }
        let (fresh, freshVars, _) = try solve(specs, variables: 2 * n)
        #expect(requiredHold(specs, solver, vars))
        #expect(abs(cost(specs, solver, vars) - cost(specs, fresh, freshVars)) < 1e-6 * max(1, cost(specs, fresh, freshVars)))
        #expect(solver.constraintCount == specs.count)
    }

    @Test(
        "50 random screens of up to 27 views: removing a random half of the constraints, required ones too, in a random order, ends at a fresh solve of the rest",
        arguments: 0 ..< 50)
    func removeHalf(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 15_485_863 &+ 5)
        // Ten views make more than 64 symbols, so rows' masks alias; 27 is as many as fit.
        let n = Int.random(in: 10 ... 27, using: &rng)
        let specs = screen(n, &rng)
        let (solver, vars, ids) = try solve(specs, variables: 2 * n)
        let removed = Set(specs.indices.shuffled(using: &rng).prefix(specs.count / 2))
        for index in specs.indices.shuffled(using: &rng) where removed.contains(index) { solver.remove(ids[index]) }
        let kept = specs.indices.filter { !removed.contains($0) }.map { specs[$0] }
        let (fresh, freshVars, _) = try solve(kept, variables: 2 * n)
        #expect(solver.constraintCount == kept.count)
        #expect(requiredHold(kept, solver, vars))
        #expect(abs(cost(kept, solver, vars) - cost(kept, fresh, freshVars)) < 1e-6 * max(1, cost(kept, fresh, freshVars)))
    }

    /// Two random screens in one solver, their constraints added in turn: the first's
    /// variables come first, then the second's.
    private struct TwoScreens {
        let solver: LayoutSolver
        let vars: [LayoutVariable]
        /// The first screen's variables: `vars.prefix(firstVariables)`.
        let firstVariables: Int
        /// The first screen.
        let first: [Spec]
        let firstIDs: [LayoutConstraintID]
        /// The second screen, its terms numbered among all the variables.
        let second: [Spec]
        let secondIDs: [LayoutConstraintID]
    }

    private func twoScreens(_ rng: inout SplitMix) throws -> TwoScreens {
        let a = Int.random(in: 5 ... 20, using: &rng)
        let b = Int.random(in: 5 ... 20, using: &rng)
        let first = screen(a, &rng)
        let second = screen(b, &rng).map { $0.shifted(by: 2 * a) }
        let solver = LayoutSolver()
        let vars = (0 ..< 2 * (a + b)).map { _ in solver.makeVariable() }
        var firstIDs: [LayoutConstraintID] = []
        var secondIDs: [LayoutConstraintID] = []
        for index in 0 ..< max(first.count, second.count) {
            if index < first.count { firstIDs.append(try solver.add(first[index], vars)) }
            if index < second.count { secondIDs.append(try solver.add(second[index], vars)) }
        }
        return TwoScreens(solver: solver, vars: vars, firstVariables: 2 * a, first: first, firstIDs: firstIDs, second: second, secondIDs: secondIDs)
    }

    @Test(
        "50 random pairs of screens in one solver: removing one with its variables in one call leaves the other's solution exactly as it was",
        arguments: 0 ..< 50)
    func blockRemovalKeepsTheRest(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 6_700_417 &+ 7)
        let two = try twoScreens(&rng)
        let kept = two.vars.dropFirst(two.firstVariables)
        let before = kept.map { two.solver.value(of: $0) }
        two.solver.remove(two.firstIDs, releasing: Array(two.vars.prefix(two.firstVariables)))
        #expect(two.solver.constraintCount == two.second.count)
        #expect(kept.map { two.solver.value(of: $0) } == before)
    }

    @Test(
        "50 random pairs of screens: after one is removed in one call, constant changes on the other and a new screen end at a fresh solve's cost",
        arguments: 0 ..< 50)
    func blockRemovalLeavesAWorkingTableau(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 2_147_483_647 &+ 11)
        let two = try twoScreens(&rng)
        let solver = two.solver
        solver.remove(two.firstIDs, releasing: Array(two.vars.prefix(two.firstVariables)))
        // The second screen, its variables numbered from 0 again.
        var specs = two.second.map { $0.shifted(by: -two.firstVariables) }
        var vars = Array(two.vars.dropFirst(two.firstVariables))
        let optional = specs.indices.filter { specs[$0].weight != nil && specs[$0].terms.count == 1 }
        for _ in 0 ..< 10 {
            let index = optional.randomElement(using: &rng)!
            let constant = -Double(Int.random(in: 10 ... 300, using: &rng))
            try solver.setConstant(two.secondIDs[index], constant)
            specs[index].constant = constant
        }
        // A third screen on new variables (they may reuse the released ones' symbols).
        let views = Int.random(in: 5 ... 20, using: &rng)
        let third = screen(views, &rng).map { $0.shifted(by: vars.count) }
        vars += (0 ..< 2 * views).map { _ in solver.makeVariable() }
        for spec in third { try solver.add(spec, vars) }
        specs += third
        let (fresh, freshVars, _) = try solve(specs, variables: vars.count)
        #expect(solver.constraintCount == specs.count)
        #expect(requiredHold(specs, solver, vars))
        #expect(abs(cost(specs, solver, vars) - cost(specs, fresh, freshVars)) < 1e-6 * max(1, cost(specs, fresh, freshVars)))
    }

    @Test("30 random pairs of screens: one parked leaves the other's values as they were, and comes back with every value it had", arguments: 0 ..< 30)
    func parkedScreenComesBackAsItWas(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 2_971_215_073 &+ 17)
        let two = try twoScreens(&rng)
        let first = Array(two.vars.prefix(two.firstVariables))
        let kept = Array(two.vars.dropFirst(two.firstVariables))
        let before = two.vars.map { two.solver.value(of: $0) }
        let block = try #require(two.solver.park(two.firstIDs, variables: first))
        #expect(two.solver.constraintCount == two.second.count)
        #expect(kept.map { two.solver.value(of: $0) } == Array(before.dropFirst(two.firstVariables)))
        #expect(two.solver.restore(block))
        #expect(two.solver.constraintCount == two.firstIDs.count + two.second.count)
        #expect(two.vars.map { two.solver.value(of: $0) } == before)
    }

    @Test(
        "50 random pairs of screens: one parked while the other's constants change and a third screen is added, then restored, ends at a fresh solve's cost",
        arguments: 0 ..< 50)
    func restoredScreenJoinsAChangedTableau(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 1_073_807_359 &+ 19)
        let two = try twoScreens(&rng)
        let solver = two.solver
        var vars = two.vars
        let block = try #require(solver.park(two.firstIDs, variables: Array(vars.prefix(two.firstVariables))))
        var second = two.second
        let optional = second.indices.filter { second[$0].weight != nil && second[$0].terms.count == 1 }
        for _ in 0 ..< 10 {
            let index = optional.randomElement(using: &rng)!
            let constant = -Double(Int.random(in: 10 ... 300, using: &rng))
            try solver.setConstant(two.secondIDs[index], constant)
            second[index].constant = constant
        }
        let views = Int.random(in: 5 ... 20, using: &rng)
        let third = screen(views, &rng).map { $0.shifted(by: vars.count) }
        vars += (0 ..< 2 * views).map { _ in solver.makeVariable() }
        for spec in third { try solver.add(spec, vars) }
        #expect(solver.restore(block))
        let all = two.first + second + third
        let (fresh, freshVars, _) = try solve(all, variables: vars.count)
        #expect(solver.constraintCount == all.count)
        #expect(requiredHold(all, solver, vars))
        #expect(abs(cost(all, solver, vars) - cost(all, fresh, freshVars)) < 1e-6 * max(1, cost(all, fresh, freshVars)))
    }

    @Test("Changing a parked constraint's constant restores its block first, and the change holds")
    func namingAParkedConstraintRestoresIt() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        let id = try solver.add([(x, 1)], constant: -10, .equal)
        let block = try #require(solver.park([id], variables: [x]))
        try solver.setConstant(id, -25)
        #expect(solver.parkedBlockCount == 0)
        #expect(!solver.restore(block))
        #expect(solver.constraintCount == 1)
        #expect(solver.value(of: x) == 25)
    }

    @Test("A constraint added on a parked variable restores its block first, and both hold")
    func addingOnAParkedVariableRestoresIt() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        let y = solver.makeVariable()
        let id = try solver.add([(x, 1)], constant: -10, .equal)
        _ = try #require(solver.park([id], variables: [x]))
        try solver.add([(y, 1), (x, -1)], constant: -5, .equal)
        #expect(solver.parkedBlockCount == 0)
        #expect(solver.constraintCount == 2)
        #expect(solver.value(of: y) == 15)
    }

    @Test("A dropped block's constraints are gone, its IDs ignored, and its variables reused")
    func droppedBlockIsGone() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        let id = try solver.add([(x, 1)], constant: -10, .equal)
        let block = try #require(solver.park([id], variables: [x]))
        solver.drop(block)
        #expect(solver.parkedBlockCount == 0)
        #expect(!solver.restore(block))
        solver.remove(id)
        try solver.setConstant(id, -3)
        #expect(solver.constraintCount == 0)
        let reused = solver.makeVariable()
        #expect(reused == x)
        try solver.add([(reused, 1)], constant: -4, .equal)
        #expect(solver.value(of: reused) == 4)
    }

    @Test("20 random pairs of screens tied by one constraint: neither screen is parked, and nothing changes", arguments: 0 ..< 20)
    func tiedScreenIsNotParked(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 433_494_437 &+ 23)
        let two = try twoScreens(&rng)
        let tie = Spec(terms: [(two.firstVariables + 1, 1), (1, -1)], constant: 0, relation: .greaterThanOrEqual, weight: nil)
        try two.solver.add(tie, two.vars)
        let before = two.vars.map { two.solver.value(of: $0) }
        #expect(two.solver.park(two.firstIDs, variables: Array(two.vars.prefix(two.firstVariables))) == nil)
        #expect(two.solver.constraintCount == two.firstIDs.count + two.second.count + 1)
        #expect(two.vars.map { two.solver.value(of: $0) } == before)
        two.solver.remove(two.firstIDs, releasing: [])
        #expect(two.solver.constraintCount == two.second.count + 1)
    }

    @Test(
        "20 random pairs of screens tied by one constraint: removing one screen's constraints in one call takes them out one by one and ends at a fresh solve's cost",
        arguments: 0 ..< 20)
    func tiedBlockFallsBack(seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 433_494_437 &+ 13)
        let two = try twoScreens(&rng)
        // The second screen's first view is at least as wide as the first's.
        let tie = Spec(terms: [(two.firstVariables + 1, 1), (1, -1)], constant: 0, relation: .greaterThanOrEqual, weight: nil)
        try two.solver.add(tie, two.vars)
        two.solver.remove(two.firstIDs, releasing: [])
        let rest = two.second + [tie]
        let (fresh, freshVars, _) = try solve(rest, variables: two.vars.count)
        #expect(two.solver.constraintCount == rest.count)
        #expect(requiredHold(rest, two.solver, two.vars))
        #expect(abs(cost(rest, two.solver, two.vars) - cost(rest, fresh, freshVars)) < 1e-6 * max(1, cost(rest, fresh, freshVars)))
    }
}

extension Spec {
    /// The same constraint on the variables `offset` further on.
    func shifted(by offset: Int) -> Spec {
        var moved = self
        moved.terms = terms.map { ($0.0 + offset, $0.1) }
        return moved
    }
}

extension LayoutSolver {
    @discardableResult
    fileprivate func add(_ spec: Spec, _ vars: [LayoutVariable]) throws -> LayoutConstraintID {
        try add(spec.terms.map { (vars[$0.0], $0.1) }, constant: spec.constant, spec.relation, weight: spec.weight)
    }
}

/// The weighted error of the optional constraints in `s`'s solution: what the solver minimises.
private func cost(_ specs: [Spec], _ s: LayoutSolver, _ v: [LayoutVariable]) -> Double {
    specs.reduce(0) { sum, spec in
        guard let weight = spec.weight else { return sum }
        let value = spec.terms.reduce(spec.constant) { $0 + s.value(of: v[$1.0]) * $1.1 }
        switch spec.relation {
        case .equal: return sum + weight * abs(value)
        case .greaterThanOrEqual: return sum + weight * max(0, -value)
        case .lessThanOrEqual: return sum + weight * max(0, value)
        }
    }
}
/// Whether every required constraint holds in `s`'s solution.
private func requiredHold(_ specs: [Spec], _ s: LayoutSolver, _ v: [LayoutVariable]) -> Bool {
    specs.allSatisfy { spec in
        guard spec.weight == nil else { return true }
        let value = spec.terms.reduce(spec.constant) { $0 + s.value(of: v[$1.0]) * $1.1 }
        switch spec.relation {
        case .equal: return abs(value) < 1e-6
        case .greaterThanOrEqual: return value > -1e-6
        case .lessThanOrEqual: return value < 1e-6
        }
    }
}

@Suite("The layout solver's ambiguity check")
struct LayoutSolverAmbiguityTests {
    @Test("a variable fixed by an equation is determined; one held by an inequality alone is not")
    func equationVersusInequality() throws {
        let solver = LayoutSolver()
        let fixed = solver.makeVariable()
        let loose = solver.makeVariable()
        try solver.add([(fixed, 1)], constant: -10, .equal)
        try solver.add([(loose, 1)], constant: -10, .greaterThanOrEqual)
        #expect(solver.isDetermined(fixed))
        #expect(!solver.isDetermined(loose))
    }

    @Test("two inequalities that pin a variable from both sides determine it")
    func pinnedFromBothSides() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        try solver.add([(x, 1)], constant: -10, .greaterThanOrEqual)
        try solver.add([(x, 1)], constant: -10, .lessThanOrEqual)
        #expect(solver.isDetermined(x))
    }

    @Test("a variable no constraint names is not determined, nor one tied only to it")
    func unconstrained() throws {
        let solver = LayoutSolver()
        let free = solver.makeVariable()
        let tied = solver.makeVariable()
        try solver.add([(tied, 1), (free, -1)], constant: -5, .equal)
        #expect(!solver.isDetermined(free))
        #expect(!solver.isDetermined(tied))
    }

    @Test("an optional constraint that holds a variable determines it")
    func optionalDetermines() throws {
        let solver = LayoutSolver()
        let x = solver.makeVariable()
        try solver.add([(x, 1)], constant: -10, .equal, weight: 1)
        #expect(solver.isDetermined(x))
    }
}
