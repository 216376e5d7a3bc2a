/// The parts of a screen that must be redrawn: at most ``capacity`` rectangles, merged as they
/// arrive, falling back to the whole screen when they would cover most of it anyway.
///
/// Adding a rectangle: it is clipped to ``bounds``; dropped if an existing rectangle contains
/// it; rectangles it contains are dropped; it is merged with any rectangle whose union wastes
/// little (under a quarter of the two areas); when the region is full it is merged into the
/// rectangle it grows least. Once the rectangles cover ¾ of the screen the region becomes the
/// single full-screen rectangle. Nothing allocates.
public struct DirtyRegion: RandomAccessCollection {
    /// The most rectangles kept.
    public static let capacity = 16

    /// The screen: every rectangle lies inside it.
    public let bounds: PixelRect
    private var storage = InlineArray<16, PixelRect>(repeating: .zero)
    private var storedCount = 0
    /// Whether the region is the whole screen.
    public private(set) var isFullFrame = false

    /// An empty region of a screen.
    public init(bounds: PixelRect) {
        self.bounds = bounds
    }

    /// The first rectangle's position (0).
    public var startIndex: Int { 0 }
    /// One past the last rectangle's position.
    public var endIndex: Int { storedCount }
    /// The rectangle at `position` (from `startIndex` up to `endIndex`).
    public subscript(position: Int) -> PixelRect {
        precondition(position >= 0 && position < storedCount, "dirty region index out of range")
        return storage[position]
    }

    /// The number of pixels covered, counting overlaps twice.
    public var totalArea: Int {
        var sum = 0
        for i in 0 ..< storedCount { sum += storage[i].area }
        return sum
    }

    /// The smallest rectangle covering every dirty rectangle.
    public var boundingRect: PixelRect {
        var r = PixelRect.zero
        for i in 0 ..< storedCount { r = r.union(storage[i]) }
        return r
    }

    /// Marks `rect` dirty.
    public mutating func add(_ rect: PixelRect) {
        guard !isFullFrame else { return }
        var r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        var i = 0
        while i < storedCount {
            let e = storage[i]
            if e.contains(r) { return }
            let union = e.union(r)
            let wasted = union.area - e.area - r.area + e.intersection(r).area
            if r.contains(e) || wasted * 4 <= e.area + r.area {
                r = union
                remove(at: i)
                i = 0
                continue
            }
            i += 1
        }
        if storedCount == Self.capacity {
            var best = 0
            var bestGrowth = Int.max
            for j in 0 ..< storedCount {
                let growth = storage[j].union(r).area - storage[j].area
                if growth < bestGrowth {
                    best = j
                    bestGrowth = growth
                }
            }
            let merged = storage[best].union(r)
            remove(at: best)
            add(merged)
            return
        }
        storage[storedCount] = r
        storedCount += 1
        if totalArea * 4 >= bounds.area * 3 { markFullFrame() }
    }

    /// Marks the whole screen dirty.
    public mutating func markFullFrame() {
        storage[0] = bounds
        storedCount = bounds.isEmpty ? 0 : 1
        isFullFrame = true
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: DirtyRegion) {
        if other.isFullFrame {
            markFullFrame()
            return
        }
        for r in other { add(r) }
    }

    /// Drops the rectangles that lie wholly inside `rect` (an area known to be up to date);
    /// rectangles that reach outside it stay whole.
    public mutating func removeRects(inside rect: PixelRect) {
        var index = 0
        while index < storedCount {
            if rect.contains(storage[index]) {
                remove(at: index)
                isFullFrame = false
            } else {
                index += 1
            }
        }
    }

    /// Empties the region.
    public mutating func removeAll() {
        storedCount = 0
        isFullFrame = false
    }

    private mutating func remove(at index: Int) {
        storedCount -= 1
        if index < storedCount { storage[index] = storage[storedCount] }
    }
}
