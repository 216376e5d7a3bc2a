/// The touches a touches method receives: UIKit's `Set<UITouch>`, with fixed capacity so that
/// building and passing one never allocates.
///
/// Touches are unique (by object) and kept in the order they were inserted, which for the sets
/// PanelKit builds is the order of touch identity (E2). ``first`` and ``anyObject`` return the
/// same touch.
///
/// A set holds its touches without retaining them: every touch comes from the process's
/// `TouchReservoir`, which keeps each one alive for good, so a reference in a set can never
/// dangle, and copying a set is a plain copy of its bytes (no retain or release per slot).
public struct TouchSet: RandomAccessCollection, BitwiseCopyable {
    /// The most touches a set holds: more fingers than any supported controller reports.
    public nonisolated static let capacity = 20

    private var storage = InlineArray<20, Unmanaged<Touch>?>(repeating: nil)
    private var _count = 0

    /// An empty set.
    public init() {}

    /// A set of the given touches (duplicates are kept once).
    public init(_ touches: some Sequence<Touch>) {
        for touch in touches { insert(touch) }
    }

    /// The first touch's position (0).
    public var startIndex: Int { 0 }
    /// One past the last touch's position.
    public var endIndex: Int { _count }

    /// The touch at `position` (from `startIndex` up to `endIndex`).
    public subscript(position: Int) -> Touch {
        precondition(position >= 0 && position < _count, "TouchSet index out of range")
        return storage[position].unsafelyUnwrapped.takeUnretainedValue()
    }

    /// Any touch of the set (NSSet's `anyObject`), nil when empty.
    public var anyObject: Touch? { first }

    /// Calls `body` with each touch in order, borrowed (no retain or release: touches are never
    /// deallocated). `body` must not change the set it walks.
    @inline(__always)
    func forEachTouch(_ body: (Touch) -> Void) {
        var i = 0
        while i < _count {
            withBorrowed(storage[i].unsafelyUnwrapped, body)
            i += 1
        }
    }

    /// Whether some touch passes `predicate`, reading the set in place (see ``forEachTouch(_:)``).
    @inline(__always)
    func containsTouch(where predicate: (Touch) -> Bool) -> Bool {
        var i = 0
        while i < _count {
            if withBorrowed(storage[i].unsafelyUnwrapped, predicate) { return true }
            i += 1
        }
        return false
    }

    /// Whether the set holds `touch`.
    public func contains(_ touch: Touch) -> Bool {
        var i = 0
        while i < _count {
            if storage[i].unsafelyUnwrapped.toOpaque() == Unmanaged.passUnretained(touch).toOpaque() { return true }
            i += 1
        }
        return false
    }

    /// Adds `touch` unless it is already present. Returns false when it was present, or when
    /// the set is full (which the dispatcher never lets happen).
    @discardableResult
    public mutating func insert(_ touch: Touch) -> Bool {
        if contains(touch) || _count == TouchSet.capacity { return false }
        storage[_count] = Unmanaged.passUnretained(touch)
        _count += 1
        return true
    }

    /// Removes `touch` if present, keeping the order of the others.
    @discardableResult
    public mutating func remove(_ touch: Touch) -> Bool {
        var i = 0
        while i < _count {
            if storage[i].unsafelyUnwrapped.toOpaque() == Unmanaged.passUnretained(touch).toOpaque() {
                var j = i
                while j + 1 < _count {
                    storage[j] = storage[j + 1]
                    j += 1
                }
                _count -= 1
                return true
            }
            i += 1
        }
        return false
    }

    /// Empties the set.
    public mutating func removeAll() {
        _count = 0
    }

}

extension TouchSet: @MainActor CustomStringConvertible {
    /// The touches, for logs.
    @MainActor public var description: String {
        var text = "["
        for touch in self {
            if text.count > 1 { text += ", " }
            text += "#\(touch.identity) \(touch.phase)"
        }
        return text + "]"
    }
}
