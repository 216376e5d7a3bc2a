/// Memory a ``Canvas`` borrows for the working buffers of its path fills and strokes (the
/// flattened points, the edges, a row of coverage), kept from one frame to the next, with the
/// tables of its rounded shapes' corner weights.
///
/// Without one, those buffers are temporary: on the stack when small, from the heap when not.
/// Give the canvases of a display one scratch space that lives as long as the display, and the
/// paths of a steady screen (a gauge's arcs, a chart's cursor) allocate nothing once it has
/// grown to the largest path: a buffer that does not fit is taken from the heap once, and the
/// space grows to fit it before the next path begins.
public final class ScratchSpace {
    private var base: UnsafeMutableRawPointer?
    private var capacity = 0
    private var used = 0
    /// The most any path has asked for, in bytes.
    private var wanted = 0
    /// Rounded shapes' corner weights (``CornerShape``), by shape, and their size in weights.
    private var corners: [CornerShape: [UInt16]] = [:]
    private var cornerWeightCount = 0
    /// How many corner weights are kept, at most (128 kB): a screen has a few radii; a screen
    /// whose shapes keep changing radius (an animation) starts the set again when it is full.
    static let keptCornerWeights = 65_536

    /// An empty scratch space; it grows as paths need it.
    public init() {}

    deinit { base?.deallocate() }

    /// How many bytes it holds now.
    public var size: Int { capacity }

    /// Grows to what the largest path so far needed, when nothing is borrowed (before a path).
    func prepare() {
        guard used == 0, wanted > capacity else { return }
        base?.deallocate()
        // Half as much again, so that a path a little larger than the last does not grow it again.
        capacity = wanted + wanted / 2
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    /// Lends `count` values of `T` to `body`: from the space when they fit, else a temporary
    /// buffer (and the space remembers to grow).
    func borrow<T, R>(_ type: T.Type, count: Int, _ body: (UnsafeMutableBufferPointer<T>) -> R) -> R {
        let alignment = max(MemoryLayout<T>.alignment, 1)
        let start = (used + alignment - 1) / alignment * alignment
        let bytes = MemoryLayout<T>.stride * max(count, 1)
        guard let base, start + bytes <= capacity else {
            wanted = max(wanted, start + bytes)
            return withUnsafeTemporaryAllocation(of: T.self, capacity: max(count, 1), body)
        }
        let saved = used
        used = start + bytes
        defer { used = saved }
        let typed = (base + start).bindMemory(to: T.self, capacity: max(count, 1))
        return body(UnsafeMutableBufferPointer(start: typed, count: max(count, 1)))
    }

    /// How many corner tables are kept now, and how many weights they hold.
    var keptCornerTables: (count: Int, weights: Int) { (corners.count, cornerWeightCount) }

    /// The weights of `corner`'s table, made the first time a shape with those corners is drawn
    /// and kept, so that a steady screen neither allocates nor works them out again.
    func cornerWeights(for corner: CornerShape) -> [UInt16] {
        if let kept = corners[corner] { return kept }
        if cornerWeightCount + corner.tableCount > Self.keptCornerWeights {
            corners.removeAll(keepingCapacity: true)
            cornerWeightCount = 0
        }
        let table = [UInt16](unsafeUninitializedCapacity: corner.tableCount) { buffer, count in
            corner.fill(buffer)
            count = corner.tableCount
        }
        corners[corner] = table
        cornerWeightCount += corner.tableCount
        return table
    }
}

extension Canvas {
    /// Lends `count` values of `T` to `body`, from the canvas's ``scratch`` space when it has one.
    func withScratch<T, R>(of type: T.Type, capacity count: Int, _ body: (UnsafeMutableBufferPointer<T>) -> R) -> R {
        if let scratch { return scratch.borrow(type, count: count, body) }
        return withUnsafeTemporaryAllocation(of: T.self, capacity: max(count, 1), body)
    }
}
