/// What a shape is filled with, given how much of each pixel the shape covers: one colour, or a
/// gradient looked up per pixel. Shapes (a rounded rectangle) find the coverage; the paint
/// writes the pixels.
protocol CoveragePaint {
    /// Paints `count` pixels of the row at `row` (buffer row `y`) from column `x`, each covered
    /// `coverage`/256 by the shape.
    func paint(_ writer: Canvas.PixelWriter, row: UnsafeMutableRawPointer, x: Int, y: Int, count: Int, coverage: UInt32)
}

/// One colour: a pixel word and its weight (0…256: alpha times opacity).
struct SolidPaint: CoveragePaint {
    let word: UInt32
    let weight: UInt32

    @inline(__always)
    func paint(_ writer: Canvas.PixelWriter, row: UnsafeMutableRawPointer, x: Int, y: Int, count: Int, coverage: UInt32) {
        let w = coverage >= 256 ? weight : (weight * coverage + 128) >> 8
        let p = row + x * writer.bytesPerPixel
        if count == 1 {
            writer.plot(p, word: word, weight: w)
        } else {
            writer.wideSpan(p, count: count, word: word, weight: w)
        }
    }
}

/// A linear or radial gradient, sampled from a ``GradientRamp`` per pixel. Points are in
/// buffer pixels (the translation applied).
struct GradientPaint: CoveragePaint {
    enum Geometry {
        /// Location = (p − start) · axis, where axis = (end − start) / |end − start|².
        case linear(startX: Double, startY: Double, axisX: Double, axisY: Double)
        /// Location = |p − centre| / radius (1/radius as `scale`; 0: everywhere the last stop).
        case radial(centerX: Double, centerY: Double, scale: Double)
    }

    let ramp: GradientRamp
    let geometry: Geometry

    @inline(__always)
    func paint(_ writer: Canvas.PixelWriter, row: UnsafeMutableRawPointer, x: Int, y: Int, count: Int, coverage: UInt32) {
        let py = Double(y) + 0.5
        var p = row + x * writer.bytesPerPixel
        switch geometry {
        case .linear(let sx, let sy, let ax, let ay):
            // Along a row the location grows by ax per pixel.
            var t = (Double(x) + 0.5 - sx) * ax + (py - sy) * ay
            if ax == 0 {
                let i = GradientRamp.index(t)
                SolidPaint(word: ramp.words[i], weight: ramp.weights[i]).paint(writer, row: row, x: x, y: y, count: count, coverage: coverage)
                return
            }
            for _ in 0 ..< count {
                let i = GradientRamp.index(t)
                writer.plot(p, word: ramp.words[i], weight: coverage >= 256 ? ramp.weights[i] : (ramp.weights[i] * coverage + 128) >> 8)
                t += ax
                p += writer.bytesPerPixel
            }
        case .radial(let cx, let cy, let scale):
            let dy = py - cy
            var px = Double(x) + 0.5 - cx
            for _ in 0 ..< count {
                let i = scale > 0 ? GradientRamp.index((px * px + dy * dy).squareRoot() * scale) : 255
                writer.plot(p, word: ramp.words[i], weight: coverage >= 256 ? ramp.weights[i] : (ramp.weights[i] * coverage + 128) >> 8)
                px += 1
                p += writer.bytesPerPixel
            }
        }
    }
}
