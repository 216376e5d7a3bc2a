/// A variable of a ``LayoutSolver``: an edge or a size.
public struct LayoutVariable: Hashable, Sendable {
    let index: UInt32
}

/// A constraint held by a ``LayoutSolver``.
public struct LayoutConstraintID: Hashable, Sendable {
    let index: Int
}

/// A block of constraints and variables a ``LayoutSolver`` keeps out of its tableau
/// (``LayoutSolver/park(_:variables:)``) until it is restored or dropped.
public struct ParkedLayoutBlock: Hashable, Sendable {
    let key: UInt32
}

/// How a constraint's expression compares with zero.
public enum LayoutRelation: Sendable, Hashable {
    /// `expression ≤ 0`.
    case lessThanOrEqual
    /// `expression = 0`.
    case equal
    /// `expression ≥ 0`.
    case greaterThanOrEqual
}

/// Why the solver refused a constraint.
public enum LayoutSolverError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A coefficient, constant or weight that is NaN, infinite (or a weight that is not positive).
    case nonFinite(Double)
    /// A required constraint that cannot hold together with the required ones already held.
    case unsatisfiable

    public var description: String {
        switch self {
        case .nonFinite(let value): "a constraint with the number \(value): coefficients and constants must be finite, and weights positive"
        case .unsatisfiable: "a required constraint that contradicts the required constraints already held"
        }
    }
}
