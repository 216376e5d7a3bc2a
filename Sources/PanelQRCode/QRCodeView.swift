public import PanelUI

/// A QR code drawn pixel-exact: each module is a whole number of pixels, the code centred in the
/// view with its quiet zone (the light margin readers need, 4 modules by the standard) around
/// it. The largest whole module that fits is used, so the code stays crisp at any size; a view
/// too small for one pixel a module draws the light background only (``isLegible`` is false).
@MainActor
open class QRCodeView: View {
    /// The code shown, if any.
    public var code: QRCode? {
        didSet { setNeedsDisplay() }
    }
    /// The quiet zone, in modules (0…16). Default 4, the standard's.
    public var quietZone = 4 {
        didSet {
            quietZone = min(max(quietZone, 0), 16)
            setNeedsDisplay()
        }
    }
    /// The dark modules' colour. Default black.
    public var darkColor = Color.black {
        didSet { setNeedsDisplay() }
    }
    /// The light modules' and the quiet zone's colour. Default white.
    public var lightColor = Color.white {
        didSet { setNeedsDisplay() }
    }

    /// A view showing `text` as a QR code.
    /// - Throws: ``QRCodeError`` when the text does not fit any code.
    public convenience init(text: String, errorCorrection: QRCode.ErrorCorrection = .medium, frame: Rect) throws(QRCodeError) {
        self.init(frame: frame)
        code = try QRCode(text, errorCorrection: errorCorrection)
    }

    /// Pixels per module at the current size (0: the view is too small).
    public var moduleSize: Int {
        guard let code else { return 0 }
        let side = min(Int(bounds.width), Int(bounds.height))
        return side / (code.size + 2 * quietZone)
    }

    /// Whether every module gets at least one pixel.
    public var isLegible: Bool { moduleSize >= 1 }

    /// Square: no preferred size.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The quiet zone and the light modules in the light colour, then each run of dark modules
    /// in a row as one rectangle.
    open override func draw(_ rect: Rect, in canvas: inout Canvas) {
        let module = moduleSize
        guard let code, module >= 1 else {
            canvas.fill(PixelRect(snapping: bounds), color: lightColor)
            return
        }
        let total = (code.size + 2 * quietZone) * module
        let originX = (Int(bounds.width) - total) / 2, originY = (Int(bounds.height) - total) / 2
        canvas.fill(PixelRect(x: originX, y: originY, width: total, height: total), color: lightColor)
        let codeX = originX + quietZone * module, codeY = originY + quietZone * module
        for y in 0 ..< code.size {
            var x = 0
            while x < code.size {
                guard code.isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < code.size && code.isDark(x: x, y: y) { x += 1 }
                canvas.fill(PixelRect(x: codeX + start * module, y: codeY + y * module, width: (x - start) * module, height: module), color: darkColor)
            }
        }
    }
}
