/// Clipping to a rounded rectangle (CALayer's `masksToBounds` with a `cornerRadius`).
///
/// The clip stack holds rectangles only, so a rounded clip is a rectangular clip plus its
/// corners put right afterwards: before the drawing, the pixels under the four corner squares
/// are saved; after it, each pixel there becomes the saved pixel and the drawn one mixed by how
/// much of it the rounded shape covers. Only the corners cost extra (4 × radius² pixels, in the
/// canvas's ``scratch`` space when it has one), and any drawing (images, text, paths, layers)
/// is clipped round, anti-aliased. It works alike on a screen and in a layer.
extension Canvas {
    /// Runs `body` with the clip narrowed to `rect` (translated coordinates) with its corners
    /// rounded to `radius` (clamped to half the shorter side; not finite: 0), then restores the
    /// clip. What `body` draws outside the rounded shape is undone.
    public mutating func withRoundedClip(_ rect: PixelRect, radius: Double, _ body: (inout Canvas) -> Void) {
        let shape = device(rect)
        let r = min(max(radius.isFinite ? radius : 0, 0), Double(min(shape.width, shape.height)) / 2)
        let side = Int(r.rounded(.up))
        pushClip(rect)
        defer { popClip() }
        guard side > 0, !clipRect.isEmpty else {
            body(&self)
            return
        }
        // The four corner squares, each cut to the clip (empty ones are skipped).
        let corners: InlineArray<4, PixelRect> = [
            PixelRect(x: shape.x, y: shape.y, width: side, height: side).intersection(clipRect),
            PixelRect(x: shape.maxX - side, y: shape.y, width: side, height: side).intersection(clipRect),
            PixelRect(x: shape.x, y: shape.maxY - side, width: side, height: side).intersection(clipRect),
            PixelRect(x: shape.maxX - side, y: shape.maxY - side, width: side, height: side).intersection(clipRect),
        ]
        let bytes = bytesPerPixel
        var saved = 0
        for i in corners.indices { saved += corners[i].width * corners[i].height * bytes }
        guard saved > 0 else {
            body(&self)
            return
        }
        let pixels = self.pixels
        scratch?.prepare()
        // Not `withScratch`: its closure would hold the canvas that `body` changes.
        let scratch = self.scratch
        func lend(_ count: Int, _ use: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
            if let scratch {
                scratch.borrow(UInt8.self, count: count, use)
            } else {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count, use)
            }
        }
        lend(saved) { store in
            var offset = 0
            for i in corners.indices where !corners[i].isEmpty {
                let corner = corners[i]
                for y in corner.y ..< corner.maxY {
                    let count = corner.width * bytes
                    (store.baseAddress! + offset).update(from: pixels.address(x: corner.x, y: y).assumingMemoryBound(to: UInt8.self), count: count)
                    offset += count
                }
            }
            body(&self)
            // Saved and drawn mixed by the shape's coverage: the saved pixel where the shape
            // does not reach, the drawn one where it covers all.
            let cx0 = Double(shape.x) + r, cx1 = Double(shape.maxX) - r
            let cy0 = Double(shape.y) + r, cy1 = Double(shape.maxY) - r
            let format = pixels.format
            // A pixel's coverage is 0 where its distance d to the corner's circle is at least
            // r + 0.5 and 1 where it is at most r − 0.5, compared as squares. Along a row the
            // distance is convex in x, so each of the two is an interval of the row: found
            // with a square root per row and checked against the pixel's own test at its ends,
            // the pixels past the curve are copied back as runs, those inside it left alone,
            // and only those the curve crosses mixed one by one.
            let outside = (r + 0.5) * (r + 0.5)
            let inside = r >= 0.5 ? (r - 0.5) * (r - 0.5) : -1
            offset = 0
            for i in corners.indices where !corners[i].isEmpty {
                let corner = corners[i]
                let x0 = corner.x, x1 = corner.maxX
                let rowBytes = corner.width * bytes
                for y in corner.y ..< corner.maxY {
                    let row = pixels.address(x: 0, y: y)
                    let kept = store.baseAddress! + offset
                    let py = Double(y) + 0.5
                    let dy = max(cy0 - py, py - cy1, 0)
                    let dy2 = dy * dy
                    // [a, b): the pixels the shape reaches at all; [c, d) within it: those it
                    // covers whole.
                    let (a, b) = Self.interval(x0, x1, within: outside, strictly: true, dy2: dy2, cx0, cx1)
                    let (c, d) = inside < 0 ? (b, b) : Self.interval(a, b, within: inside, strictly: false, dy2: dy2, cx0, cx1)
                    if a > x0 { (row + x0 * bytes).copyMemory(from: kept, byteCount: (a - x0) * bytes) }
                    if b < x1 { (row + b * bytes).copyMemory(from: kept + (b - x0) * bytes, byteCount: (x1 - b) * bytes) }
                    @inline(__always) func mix(_ x: Int) {
                        let d2 = Self.distance2(x, dy2: dy2, cx0, cx1)
                        let w = d2 >= outside ? 0 : UInt32(min(max(r + 0.5 - d2.squareRoot(), 0), 1) * 256 + 0.5)
                        guard w < 256 else { return }
                        let p = row + x * bytes
                        let keptAt = UnsafeRawPointer(kept + (x - x0) * bytes)
                        if bytes == 4 {
                            let saved = keptAt.loadUnaligned(as: UInt32.self)
                            let q = p.assumingMemoryBound(to: UInt32.self)
                            q.pointee = w == 0 ? saved : Self.blend32(saved, q.pointee, w)
                        } else {
                            let saved = UInt32(keptAt.loadUnaligned(as: UInt16.self))
                            let q = p.assumingMemoryBound(to: UInt16.self)
                            q.pointee = UInt16(truncatingIfNeeded: w == 0 ? saved : Self.blend16(saved, UInt32(q.pointee), w, format: format))
                        }
                    }
                    for x in a ..< c { mix(x) }
                    for x in d ..< b { mix(x) }
                    offset += rowBytes
                }
            }
        }
    }

    /// The squared distance from column `x`'s pixel centre to the box of corner centres
    /// [cx0, cx1], the row's part being `dy2`: the one test of a rounded clip's pixels.
    @inline(__always)
    static func distance2(_ x: Int, dy2: Double, _ cx0: Double, _ cx1: Double) -> Double {
        let px = Double(x) + 0.5
        let dx = max(cx0 - px, px - cx1, 0)
        return dx * dx + dy2
    }

    /// The columns [lo, hi) of a row whose pixel centres lie within `limit` (squared distance
    /// to the box of corner centres [cx0, cx1], the row's part `dy2`; below it when `strictly`).
    /// They are an interval, the distance being convex along the row: guessed with a square
    /// root, then moved pixel by pixel until the pixels' own test agrees at both ends, so that
    /// each pixel is judged exactly as one by one. Empty: (hi, hi).
    @inline(__always)
    static func interval(
        _ lo: Int, _ hi: Int, within limit: Double, strictly: Bool, dy2: Double, _ cx0: Double, _ cx1: Double
    ) -> (Int, Int) {
        let reach2 = limit - dy2
        guard lo < hi, reach2 >= 0 else { return (hi, hi) }
        @inline(__always) func holds(_ x: Int) -> Bool {
            let d2 = distance2(x, dy2: dy2, cx0, cx1)
            return strictly ? d2 < limit : d2 <= limit
        }
        let reach = reach2.squareRoot()
        @inline(__always) func column(_ v: Double) -> Int { Int(min(max(v, Double(lo)), Double(hi))) }
        var a = column((cx0 - reach - 0.5).rounded(.down))
        var b = max(column((cx1 + reach + 0.5).rounded(.up)), a)
        while a < b && !holds(a) { a += 1 }
        while a > lo && holds(a - 1) { a -= 1 }
        guard a < hi, holds(a) else { return (hi, hi) }
        b = max(b, a + 1)
        while b > a + 1 && !holds(b - 1) { b -= 1 }
        while b < hi && holds(b) { b += 1 }
        return (a, b)
    }
}
