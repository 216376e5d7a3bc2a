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
            // r + 0.5 and 1 where it is at most r − 0.5: compared as squares, per row, so that
            // only the pixels the curve crosses take a square root.
            let outside = (r + 0.5) * (r + 0.5)
            let inside = r >= 0.5 ? (r - 0.5) * (r - 0.5) : -1
            offset = 0
            for i in corners.indices where !corners[i].isEmpty {
                let corner = corners[i]
                for y in corner.y ..< corner.maxY {
                    let row = pixels.address(x: 0, y: y)
                    let py = Double(y) + 0.5
                    let dy = max(cy0 - py, py - cy1, 0)
                    let dy2 = dy * dy
                    for x in corner.x ..< corner.maxX {
                        let px = Double(x) + 0.5
                        let dx = max(cx0 - px, px - cx1, 0)
                        let d2 = dx * dx + dy2
                        if d2 > inside {
                            let w = d2 >= outside ? 0 : UInt32(min(max(r + 0.5 - d2.squareRoot(), 0), 1) * 256 + 0.5)
                            if w < 256 {
                                let p = row + x * bytes
                                let keptAt = UnsafeRawPointer(store.baseAddress! + offset)
                                if bytes == 4 {
                                    let kept = keptAt.loadUnaligned(as: UInt32.self)
                                    let q = p.assumingMemoryBound(to: UInt32.self)
                                    q.pointee = w == 0 ? kept : Self.blend32(kept, q.pointee, w)
                                } else {
                                    let kept = UInt32(keptAt.loadUnaligned(as: UInt16.self))
                                    let q = p.assumingMemoryBound(to: UInt16.self)
                                    q.pointee = UInt16(truncatingIfNeeded: w == 0 ? kept : Self.blend16(kept, UInt32(q.pointee), w, format: format))
                                }
                            }
                        }
                        offset += bytes
                    }
                }
            }
        }
    }
}
