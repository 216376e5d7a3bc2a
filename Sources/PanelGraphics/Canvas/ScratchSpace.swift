/// Memory a ``Canvas`` borrows for the working buffers of its path fills and strokes (the
/// flattened points, the edges, a row of coverage), kept from one frame to the next.
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
}

extension Canvas {
    /// Lends `count` values of `T` to `body`, from the canvas's ``scratch`` space when it has one.
    func withScratch<T, R>(of type: T.Type, capacity count: Int, _ body: (UnsafeMutableBufferPointer<T>) -> R) -> R {
        if let scratch { return scratch.borrow(type, count: count, body) }
        return withUnsafeTemporaryAllocation(of: T.self, capacity: max(count, 1), body)
    }
}
