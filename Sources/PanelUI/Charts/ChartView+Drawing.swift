/// How a ``ChartView`` lays out its axes and draws: grid, axes, labels, series and cursor, each
/// only where the canvas's clip asks for it.
extension ChartView {
    /// The plot rectangle and the label space, for one size, range, font and axes.
    struct Metrics {
        var size: Size
        var plot: PixelRect
        var yLabelWidth: Int
        /// The labels, made once per layout rather than at each draw.
        var yLabels: [String]
        var xLabels: [String]
    }

    /// The tick length outside the plot.
    static let majorTick = 6
    static let minorTick = 3
    static let inset = 8

    func currentMetrics() -> Metrics {
        if let metrics, metrics.size == bounds.size { return metrics }
        let made = makeMetrics()
        metrics = made
        return made
    }

    private func makeMetrics() -> Metrics {
        let width = Int(max(bounds.width, 0).rounded(.down)), height = Int(max(bounds.height, 0).rounded(.down))
        let line = labelFont.lineHeight
        var labelWidth = 0
        var yLabels: [String] = [], xLabels: [String] = []
        if yAxis.showsLabels {
            let spacing = yTickSpacing
            for k in 0 ..< yAxis.majorTickCount {
                let text = yAxis.label(for: shownRange.lower + Double(k) * spacing, spacing: spacing)
                yLabels.append(text)
                labelWidth = max(labelWidth, labelFont.width(of: text))
            }
            // A long label is cut, not allowed to squeeze the plot away.
            labelWidth = min(labelWidth, width * 2 / 5)
        }
        let left = Self.inset + (yAxis.showsLabels ? labelWidth + 4 : 0) + Self.majorTick
        let top = Self.inset + (yAxis.showsLabels ? line / 2 : 0)
        let bottom = Self.inset + Self.majorTick + (xAxis.showsLabels ? line + 2 : 0)
        let right = Self.inset + (xAxis.showsLabels ? 12 : 0)
        let plot = PixelRect(x: left, y: top, width: max(width - left - right, 1), height: max(height - top - bottom, 1))
        if xAxis.showsLabels {
            let xSpan = Double(pointCount - 1) / Double(xAxis.majorTickCount - 1)
            for k in 0 ..< xAxis.majorTickCount {
                xLabels.append(xAxis.label(for: xValue(forSlot: Int((Double(k) * xSpan).rounded())), spacing: max(xSpan.rounded(), 1)))
            }
        }
        return Metrics(size: bounds.size, plot: plot, yLabelWidth: labelWidth, yLabels: yLabels, xLabels: xLabels)
    }

    var yTickSpacing: Double { (shownRange.upper - shownRange.lower) / Double(yAxis.majorTickCount - 1) }

    /// The x value a position shows: a sample's age in shift mode, its slot in circular mode.
    func xValue(forSlot slot: Int) -> Double {
        updateMode == .shift ? Double(slot - (pointCount - 1)) : Double(slot)
    }

    /// Draws the grid, the axes and their labels, the series and the cursor, each only where
    /// the canvas's clip reaches.
    func drawChart(in canvas: inout Canvas) {
        let m = currentMetrics()
        let plot = m.plot
        let clip = canvas.localClipRect
        if let plotBackgroundColor { canvas.fill(plot, color: plotBackgroundColor) }
        drawGrid(plot: plot, in: &canvas)
        drawAxes(plot: plot, metrics: m, clip: clip, in: &canvas)
        let reach = Int((maximumLineWidth / 2).rounded(.up)) + 1
        canvas.pushClip(PixelRect(x: plot.x, y: plot.y - reach, width: plot.width, height: plot.height + 2 * reach))
        switch kind {
        case .line: drawLines(plot: plot, clip: clip, in: &canvas)
        case .bar: drawBars(plot: plot, clip: clip, in: &canvas)
        case .stackedBar: drawStackedBars(plot: plot, clip: clip, in: &canvas)
        }
        canvas.popClip()
        if let slot = cursorSlot { drawCursor(at: slot, plot: plot, in: &canvas) }
    }

    private func drawGrid(plot: PixelRect, in canvas: inout Canvas) {
        if yAxis.showsGridLines {
            for k in 0 ..< yAxis.majorTickCount {
                let y = yTickPosition(k, plot: plot)
                canvas.fill(PixelRect(x: plot.x, y: y, width: plot.width, height: 1), color: gridColor)
            }
        }
        if xAxis.showsGridLines {
            for k in 0 ..< xAxis.majorTickCount {
                let x = xTickPosition(k, ofMinor: 0, plot: plot)
                canvas.fill(PixelRect(x: x, y: plot.y, width: 1, height: plot.height), color: gridColor)
            }
        }
    }

    /// The pixel row of major y tick `k` (0 at the lower end of the range).
    func yTickPosition(_ k: Int, minor: Int = 0, plot: PixelRect) -> Int {
        let steps = Double(yAxis.majorTickCount - 1) * Double(yAxis.minorTicksPerMajor + 1)
        let index = Double(k * (yAxis.minorTicksPerMajor + 1) + minor)
        let fraction = index / steps
        let y = yAxis.isReversed ? Double(plot.y) + fraction * Double(plot.height - 1) : Double(plot.maxY - 1) - fraction * Double(plot.height - 1)
        return Int(y.rounded())
    }

    /// The pixel column of major x tick `k`, or of minor tick `minor` after it.
    func xTickPosition(_ k: Int, ofMinor minor: Int, plot: PixelRect) -> Int {
        let steps = Double(xAxis.majorTickCount - 1) * Double(xAxis.minorTicksPerMajor + 1)
        let index = Double(k * (xAxis.minorTicksPerMajor + 1) + minor)
        let fraction = index / steps
        let x = xAxis.isReversed ? Double(plot.maxX - 1) - fraction * Double(plot.width - 1) : Double(plot.x) + fraction * Double(plot.width - 1)
        return Int(x.rounded())
    }

    private func drawAxes(plot: PixelRect, metrics m: Metrics, clip: PixelRect, in canvas: inout Canvas) {
        // The axis lines: left and bottom, just outside the plot.
        canvas.fill(PixelRect(x: plot.x - 1, y: plot.y, width: 1, height: plot.height + 1), color: axisColor)
        canvas.fill(PixelRect(x: plot.x - 1, y: plot.maxY, width: plot.width + 1, height: 1), color: axisColor)
        let line = labelFont.lineHeight
        // Ticks and labels of the value axis.
        for k in 0 ..< yAxis.majorTickCount {
            let y = yTickPosition(k, plot: plot)
            canvas.fill(PixelRect(x: plot.x - 1 - Self.majorTick, y: y, width: Self.majorTick, height: 1), color: axisColor)
            if k + 1 < yAxis.majorTickCount {
                for minor in 1 ... max(yAxis.minorTicksPerMajor, 1) where yAxis.minorTicksPerMajor > 0 {
                    let my = yTickPosition(k, minor: minor, plot: plot)
                    canvas.fill(PixelRect(x: plot.x - 1 - Self.minorTick, y: my, width: Self.minorTick, height: 1), color: axisColor)
                }
            }
            guard yAxis.showsLabels else { continue }
            let box = PixelRect(x: Self.inset, y: y - line / 2, width: m.yLabelWidth, height: line)
            guard !box.intersection(clip).isEmpty else { continue }
            guard k < m.yLabels.count else { continue }
            canvas.drawText(m.yLabels[k], in: box, font: labelFont, color: labelColor, alignment: .right)
        }
        // Ticks and labels of the position axis.
        for k in 0 ..< xAxis.majorTickCount {
            let x = xTickPosition(k, ofMinor: 0, plot: plot)
            canvas.fill(PixelRect(x: x, y: plot.maxY + 1, width: 1, height: Self.majorTick), color: axisColor)
            if k + 1 < xAxis.majorTickCount {
                for minor in 1 ... max(xAxis.minorTicksPerMajor, 1) where xAxis.minorTicksPerMajor > 0 {
                    let mx = xTickPosition(k, ofMinor: minor, plot: plot)
                    canvas.fill(PixelRect(x: mx, y: plot.maxY + 1, width: 1, height: Self.minorTick), color: axisColor)
                }
            }
            guard xAxis.showsLabels else { continue }
            let width = max(plot.width / max(xAxis.majorTickCount - 1, 1), 24)
            let box = PixelRect(x: x - width / 2, y: plot.maxY + 2 + Self.majorTick, width: width, height: line)
            guard !box.intersection(clip).isEmpty else { continue }
            guard k < m.xLabels.count else { continue }
            canvas.drawText(m.xLabels[k], in: box, font: labelFont, color: labelColor, alignment: .center)
        }
    }

    private func drawLines(plot: PixelRect, clip: PixelRect, in canvas: inout Canvas) {
        let mode = updateMode
        let count = pointCount
        let origin = x(forSlot: 0)
        let step = count > 1 ? Double(max(plot.width - 1, 0)) / Double(count - 1) : 1
        // Only the samples near the clip are mapped and drawn (a few in circular mode).
        let reach = maximumLineWidth / 2 + 1
        let first = min(max(Int(((Double(clip.x) - reach - origin) / step).rounded(.down)) - 1, 0), count - 1)
        let last = min(max(Int(((Double(clip.maxX) + reach - origin) / step).rounded(.up)) + 1, first), count - 1)
        let lower = shownRange.lower
        let scale = Double(plot.height) / (shownRange.upper - shownRange.lower)
        let base = yAxis.isReversed ? Double(plot.y) : Double(plot.maxY)
        let direction = yAxis.isReversed ? scale : -scale
        if plotted.count < count { plotted = [Double](repeating: .nan, count: count) }
        for s in series where !s.isHidden {
            // In circular mode the slot about to be overwritten is the sweep's gap.
            let gap = mode == .circular && s.count > 0 ? s.next : -1
            for slot in first ... last {
                plotted[slot - first] = slot == gap ? .nan : base + (s.value(atSlot: slot, mode: mode) - lower) * direction
            }
            let samples = plotted.span.extracting(0 ..< last - first + 1)
            let originX = origin + Double(first) * step
            if var area = s.areaGradient {
                area.start = Point(x: 0, y: Double(plot.y))
                area.end = Point(x: 0, y: Double(plot.maxY))
                canvas.fillGraphArea(samples, originX: originX, step: step, baseline: Double(plot.maxY), gradient: area)
            }
            canvas.strokeGraph(samples, originX: originX, step: step, width: s.lineWidth, color: s.color)
        }
    }

    private func drawBars(plot: PixelRect, clip: PixelRect, in canvas: inout Canvas) {
        // Counted, not filtered into a new array: drawing allocates nothing.
        let visibleCount = series.reduce(0) { $0 + ($1.isHidden ? 0 : 1) }
        guard visibleCount > 0 else { return }
        let slotWidth = Double(plot.width) / Double(pointCount)
        let first = max(Int((Double(clip.x - plot.x) / slotWidth).rounded(.down)) - 1, 0)
        let last = min(Int((Double(clip.maxX - plot.x) / slotWidth).rounded(.up)) + 1, pointCount - 1)
        guard first <= last else { return }
        let zero = min(max(0, shownRange.lower), shownRange.upper)
        let baseY = y(forValue: zero)
        let group = slotWidth * 0.8
        let barWidth = group / Double(visibleCount)
        for slot in first ... last {
            let left = Double(plot.x) + Double(slot) * slotWidth + (slotWidth - group) / 2
            var i = -1
            for s in series where !s.isHidden {
                i += 1
                let value = s.value(atSlot: slot, mode: updateMode)
                guard value.isFinite, !(updateMode == .circular && slot == s.next && s.count > 0) else { continue }
                let top = min(max(y(forValue: value), Double(plot.y) - 1), Double(plot.maxY) + 1)
                let x0 = Int((left + Double(i) * barWidth).rounded()), x1 = Int((left + Double(i + 1) * barWidth).rounded())
                let y0 = Int(min(top, baseY).rounded()), y1 = Int(max(top, baseY).rounded())
                canvas.fill(PixelRect(x: x0, y: y0, width: max(x1 - x0, 1), height: max(y1 - y0, 1)), color: s.color)
            }
        }
    }

    private func drawStackedBars(plot: PixelRect, clip: PixelRect, in canvas: inout Canvas) {
        let slotWidth = Double(plot.width) / Double(pointCount)
        let first = max(Int((Double(clip.x - plot.x) / slotWidth).rounded(.down)) - 1, 0)
        let last = min(Int((Double(clip.maxX - plot.x) / slotWidth).rounded(.up)) + 1, pointCount - 1)
        guard first <= last else { return }
        let group = slotWidth * 0.6
        let top = Double(plot.y) - 1, bottom = Double(plot.maxY) + 1
        for slot in first ... last {
            let left = Double(plot.x) + Double(slot) * slotWidth + (slotWidth - group) / 2
            let x0 = Int(left.rounded()), x1 = Int((left + group).rounded())
            var positive = 0.0, negative = 0.0
            for s in series where !s.isHidden {
                let value = Self.clampForRange(s.value(atSlot: slot, mode: updateMode))
                guard value.isFinite, !(updateMode == .circular && slot == s.next && s.count > 0) else { continue }
                let from = value >= 0 ? positive : negative
                let to = from + value
                if value >= 0 { positive = to } else { negative = to }
                let a = min(max(y(forValue: from), top), bottom), b = min(max(y(forValue: to), top), bottom)
                let y0 = Int(min(a, b).rounded()), y1 = Int(max(a, b).rounded())
                guard y1 > y0 else { continue }
                canvas.fill(PixelRect(x: x0, y: y0, width: max(x1 - x0, 1), height: y1 - y0), color: s.color)
            }
        }
    }

    private func drawCursor(at slot: Int, plot: PixelRect, in canvas: inout Canvas) {
        let x = x(forSlot: slot)
        let column = Int(x.rounded(.down))
        canvas.fill(PixelRect(x: column, y: plot.y, width: 1, height: plot.height), color: palette.label.mixed(with: palette.background, by: 0.227))
        var lines = 0
        var widest = 0
        let spacing = yTickSpacing / 10
        for s in series where !s.isHidden {
            let value = s.value(atSlot: slot, mode: updateMode)
            guard value.isFinite else { continue }
            let y = y(forValue: value)
            if y >= Double(plot.y), y <= Double(plot.maxY) {
                var dot = Path()
                dot.addEllipse(in: Rect(x: x - 4, y: y - 4, width: 8, height: 8))
                canvas.fill(dot, color: s.color)
                canvas.stroke(dot, width: 1.5, color: palette.background)
            }
            lines += 1
            widest = max(widest, labelFont.width(of: cursorText(s, value: value, spacing: spacing)))
        }
        guard lines > 0 else { return }
        let line = labelFont.lineHeight
        let boxWidth = min(widest + 16, plot.width)
        let boxHeight = lines * line + 8
        let boxX = column + 8 + boxWidth <= plot.maxX ? column + 8 : max(column - 8 - boxWidth, plot.x)
        let box = PixelRect(x: boxX, y: plot.y + 4, width: boxWidth, height: boxHeight)
        canvas.fillRoundedRect(box, radius: 6, color: Color(red: 28, green: 28, blue: 30, alpha: 225))
        var row = 0
        for s in series where !s.isHidden {
            let value = s.value(atSlot: slot, mode: updateMode)
            guard value.isFinite else { continue }
            let text = cursorText(s, value: value, spacing: spacing)
            canvas.fill(PixelRect(x: box.x + 6, y: box.y + 4 + row * line + line / 2 - 2, width: 4, height: 4), color: s.color)
            canvas.drawText(text, in: PixelRect(x: box.x + 13, y: box.y + 4 + row * line, width: box.width - 16, height: line), font: labelFont, color: .white)
            row += 1
        }
    }

    private func cursorText(_ s: ChartSeries, value: Double, spacing: Double) -> String {
        let number = yAxis.label(for: value, spacing: spacing)
        return s.name.isEmpty ? number : s.name + " " + number
    }
}
