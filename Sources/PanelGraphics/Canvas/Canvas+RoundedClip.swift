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
                    UnsafeMutableRawPointer(store.baseAddress! + offset).copyMemory(from: pixels.address(x: corner.x, y: y), byteCount: count)
                    offset += count
                }
            }
            body(&self)
            // Saved and drawn mixed by the shape's coverage: the saved pixel where the shape
            // does not reach, the drawn one where it covers all. The weights are a rounded
            // shape's corner table (its fill's), read from each corner's outer edge inward:
            // the uncovered pixels are copied back as one run, those the curve crosses mixed,
            // and the first wholly covered pixel ends the row (coverage only grows inward).
            restoreCorners(corners, of: shape, radius: r, side: side, saved: UnsafeRawPointer(store.baseAddress!))
        }
    }

    /// Puts the corners of a rounded clip right: each pixel of `corners` (the four squares of
    /// `side` at `shape`'s corners, cut to the clip, top-left, top-right, bottom-left,
    /// bottom-right) becomes the pixel `saved` holds for it (row by row, corner by corner)
    /// and the drawn one, mixed by how much of it the shape covers.
    private func restoreCorners(_ corners: InlineArray<4, PixelRect>, of shape: PixelRect, radius r: Double, side: Int, saved: UnsafeRawPointer) {
        let cornerShape = CornerShape(radius: r, border: 0, zone: side)
        let bytes = bytesPerPixel
        let format = pixels.format
        // Where a narrow shape's left and right squares overlap, the left one does the column.
        let leftSquaresEnd = shape.x + side
        withCornerWeights(cornerShape) { weights in
            var offset = 0
            for i in corners.indices where !corners[i].isEmpty {
                let corner = corners[i]
                let rowBytes = corner.width * bytes
                let fromRight = i == 1 || i == 3
                for y in corner.y ..< corner.maxY {
                    let row = pixels.address(x: 0, y: y)
                    let kept = saved + offset
                    offset += rowBytes
                    let n = min(y - shape.y, shape.maxY - 1 - y)
                    @inline(__always) func weight(_ x: Int) -> UInt32 {
                        let m = min(x - shape.x, shape.maxX - 1 - x, side)
                        if let weights { return UInt32(weights[n &* (side &+ 1) &+ m]) }
                        return cornerShape.weight(m, n)
                    }
                    @inline(__always) func mix(_ x: Int, _ w: UInt32) {
                        let p = row + x * bytes
                        let keptAt = kept + (x - corner.x) * bytes
                        if bytes == 4 {
                            let q = p.assumingMemoryBound(to: UInt32.self)
                            q.pointee = Self.blend32(keptAt.loadUnaligned(as: UInt32.self), q.pointee, w)
                        } else {
                            let q = p.assumingMemoryBound(to: UInt16.self)
                            q.pointee = UInt16(
                                truncatingIfNeeded: Self.blend16(UInt32(keptAt.loadUnaligned(as: UInt16.self)), UInt32(q.pointee), w, format: format))
                        }
                    }
                    // With a table, and the left and right squares apart, the row's runs say
                    // where the uncovered pixels end and the curve's end: nothing is scanned.
                    if let weights, shape.width >= 2 * side {
                        let runs = cornerShape.runs(weights, n)
                        let zeroEnd = min(runs.zeroEnd, side), curveEnd = min(max(runs.fullStart, zeroEnd), side)
                        @inline(__always) func cut(_ from: Int, _ to: Int) -> Range<Int> {
                            let lower = max(from, corner.x)
                            return lower ..< max(min(to, corner.maxX), lower)
                        }
                        let uncovered = fromRight ? cut(shape.maxX - zeroEnd, shape.maxX) : cut(shape.x, shape.x + zeroEnd)
                        let curve = fromRight ? cut(shape.maxX - curveEnd, shape.maxX - zeroEnd) : cut(shape.x + zeroEnd, shape.x + curveEnd)
                        if !uncovered.isEmpty {
                            (row + uncovered.lowerBound * bytes).copyMemory(
                                from: kept + (uncovered.lowerBound - corner.x) * bytes, byteCount: uncovered.count * bytes)
                        }
                        for x in curve { mix(x, weight(x)) }
                        continue
                    }
                    if fromRight {
                        let first = max(corner.x, leftSquaresEnd)
                        var x = corner.maxX
                        while x > first && weight(x - 1) == 0 { x -= 1 }
                        if x < corner.maxX {
                            (row + x * bytes).copyMemory(from: kept + (x - corner.x) * bytes, byteCount: (corner.maxX - x) * bytes)
                        }
                        while x > first {
                            let w = weight(x - 1)
                            guard w < 256 else { break }
                            mix(x - 1, w)
                            x -= 1
                        }
                    } else {
                        var x = corner.x
                        while x < corner.maxX && weight(x) == 0 { x += 1 }
                        if x > corner.x { (row + corner.x * bytes).copyMemory(from: kept, byteCount: (x - corner.x) * bytes) }
                        while x < corner.maxX {
                            let w = weight(x)
                            guard w < 256 else { break }
                            mix(x, w)
                            x += 1
                        }
                    }
                }
            }
        }
    }
}
