extension PixelBuffer {
    /// The pixels encoded as a PNG file (8-bit RGB, opaque), a row at a time.
    ///
    /// Unlike `Image(pixels).pngData()`, no copy of the whole image is made: each row is
    /// converted into one row's buffer, then filtered and compressed by libpng. A screenshot
    /// of an 800 × 480 screen costs a 2.4 kB row and zlib's state, not a 1.5 MB copy.
    ///
    /// - Throws: ``ImageError/cannotEncode(_:)`` with libpng's reason (an empty buffer has no
    ///   PNG form).
    public func pngData() throws(ImageError) -> [UInt8] {
        try PNGEncoder.encode(width: width, height: height, channels: 3) { y, rgb in
            for x in 0 ..< width {
                let c = color(x: x, y: y)
                rgb[x * 3] = c.red
                rgb[x * 3 + 1] = c.green
                rgb[x * 3 + 2] = c.blue
            }
        }
    }

    /// Writes the pixels to a PNG file, a row at a time (see ``pngData()``), replacing the file
    /// atomically: a crash or a power cut leaves the old file or the new one, whole.
    ///
    /// - Throws: ``ImageError/cannotWrite(path:reason:)`` naming the path and the fix (a
    ///   read-only filesystem, a full disk, a permission); the old file is then untouched.
    public func writePNG(to path: String) throws(ImageError) {
        try PNGEncoder.write(pngData(), to: path)
    }
}
