/// One component of a ``PickerView``: a vertical scroll view of rows that comes to rest with a
/// row centred in the selection band. Its rows are a few reused labels, one per visible place.
///
/// In a looping wheel the content repeats the rows many times over (enough that no flick
/// reaches an end) and, at rest, jumps back to the middle repetition where it shows the same
/// rows, as LVGL's infinite roller does.
@MainActor
final class PickerWheel: ScrollView {
    unowned let picker: PickerView
    let component: Int
    /// The data source's rows.
    private(set) var rowCount = 0
    /// How many times the rows repeat in the content (1 unless looping).
    private(set) var cycles = 1
    private(set) var rowHeight = PickerView.defaultRowHeight
    /// The row the wheel rests on (−1: an empty wheel).
    private(set) var selectedRow = -1
    /// The last row the delegate was told of (or that the app set).
    var announcedRow = -1
    /// The labels, a ring indexed by virtual row modulo their count.
    private var labels: [Label] = []
    /// The virtual row each label shows (−1: none).
    private var labelRows: [Int] = []
    /// The size the rows were last placed for.
    private var laidOutSize = Size.zero
    /// The content's rows: `rowCount × cycles`.
    var virtualCount: Int { rowCount * cycles }

    init(picker: PickerView, component: Int) {
        self.picker = picker
        self.component = component
        super.init(frame: .zero)
        delegate = self
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        delaysContentTouches = false
        decelerationRate = .normal
        let tap = TapGestureRecognizer()
        tap.addTarget(self, action: .method("tapped", PickerWheel.tapped))
        addGestureRecognizer(tap)
    }

    /// Reads the rows and height again; keeps the selection when it still exists.
    func reload() {
        rowCount = max(picker.dataSource?.pickerView(picker, numberOfRowsInComponent: component) ?? 0, 0)
        let height = picker.delegate?.pickerView(picker, rowHeightForComponent: component) ?? PickerView.defaultRowHeight
        rowHeight = height.isFinite ? min(max(height, 16), 200) : PickerView.defaultRowHeight
        cycles = 1
        if picker.loops, rowCount > 0 {
            // Enough repetitions for about 20 000 points each way, an odd number so one is central.
            let needed = Int((40_000 / (Double(rowCount) * rowHeight)).rounded(.up))
            cycles = min(max(needed, 3), 100_001) | 1
        }
        contentSize = Size(width: 0, height: Double(virtualCount) * rowHeight)
        for i in labelRows.indices { labelRows[i] = -1 }
        let row = rowCount == 0 ? -1 : min(max(selectedRow, 0), rowCount - 1)
        selectedRow = row
        announcedRow = row
        placeInsets()
        if row >= 0 { rest(onVirtualRow: middle(row)) }
        setNeedsLayout()
    }

    /// The virtual row of `row` in the middle repetition.
    func middle(_ row: Int) -> Int { (cycles / 2) * rowCount + row }

    /// The content offset that centres virtual row `v`.
    func offset(forVirtualRow v: Int) -> Double { Double(v) * rowHeight - contentInset.top }

    /// The virtual row nearest the band.
    var centredVirtualRow: Int {
        guard virtualCount > 0 else { return -1 }
        let v = ((contentOffset.y + contentInset.top) / rowHeight).rounded()
        guard v.isFinite else { return 0 }
        return Int(min(max(v, 0), Double(virtualCount - 1)))
    }

    /// Room above and below so the first and last rows can reach the band.
    private func placeInsets() {
        let pad = max((bounds.height - rowHeight) / 2, 0)
        contentInset = EdgeInsets(top: pad, left: 0, bottom: pad, right: 0)
    }

    private func rest(onVirtualRow v: Int) {
        contentOffset = Point(x: 0, y: offset(forVirtualRow: v))
    }

    /// Shows `row` in the band, at once or with a spring; nothing is announced.
    func select(_ row: Int, animated: Bool) {
        guard rowCount > 0 else { return }
        let row = min(max(row, 0), rowCount - 1)
        selectedRow = row
        announcedRow = row
        move(toRow: row, animated: animated)
    }

    /// Moves the band to `row`: the nearest of its repetitions when looping.
    func move(toRow row: Int, animated: Bool) {
        var target = middle(row)
        if cycles > 1 {
            let current = centredVirtualRow
            let base = current - current % rowCount
            let candidates = [base + row - rowCount, base + row, base + row + rowCount]
            target = candidates.filter { $0 >= 0 && $0 < virtualCount }.min { abs($0 - current) < abs($1 - current) } ?? target
        }
        if animated && window?.application != nil {
            setContentOffset(Point(x: 0, y: offset(forVirtualRow: target)), animated: true)
        } else {
            rest(onVirtualRow: target)
            settle()
        }
    }

    /// Steps the band `by` rows (keys, a knob), with a spring; announced when it rests.
    func step(by rows: Int) -> Bool {
        guard rowCount > 0 else { return false }
        let from = isDecelerating ? selectedRowAfterMotion : selectedRow
        var to = from + rows
        if picker.loops {
            to = ((to % rowCount) + rowCount) % rowCount
        } else {
            guard to >= 0 && to < rowCount else { return false }
        }
        pendingRow = to
        move(toRow: to, animated: true)
        return true
    }

    /// The row a key's spring is heading for.
    private var pendingRow: Int?
    private var selectedRowAfterMotion: Int { pendingRow ?? selectedRow }

    /// At rest: the centred row becomes the selection (announced if new), and a looping wheel
    /// jumps back to the middle repetition.
    func settle() {
        pendingRow = nil
        guard rowCount > 0 else { return }
        let v = centredVirtualRow
        let row = v % rowCount
        selectedRow = row
        if cycles > 1, v / rowCount != cycles / 2 {
            bounds = Rect(origin: Point(x: 0, y: offset(forVirtualRow: middle(row))), size: bounds.size)
            setNeedsLayout()
        }
        if row != announcedRow {
            announcedRow = row
            picker.wheelDidSelect(row, inComponent: component)
        }
    }

    /// A tap on a row above or below the band turns the wheel to it.
    private func tapped() {
        guard virtualCount > 0, let tap = gestureRecognizers.first(where: { $0 is TapGestureRecognizer }) else { return }
        let y = tap.location(in: self).y
        let v = Int(min(max((y / rowHeight).rounded(.down), 0), Double(virtualCount - 1)))
        setContentOffset(Point(x: 0, y: offset(forVirtualRow: v)), animated: true)
    }

    // MARK: - Layout

    /// The labels for the rows in view; the one in the band in the picker's text colour, the
    /// others in its secondary colour.
    override func layoutSubviews() {
        super.layoutSubviews()
        if bounds.size != laidOutSize {
            // A new size: new room around the rows, the selection back in the band.
            laidOutSize = bounds.size
            placeInsets()
            for i in labelRows.indices { labelRows[i] = -1 }
            if selectedRow >= 0 { rest(onVirtualRow: middle(selectedRow)) }
        }
        let visible = Int((bounds.height / rowHeight).rounded(.up)) + 2
        if labels.count < visible {
            while labels.count < visible {
                let label = Label()
                label.textAlignment = .center
                label.isHidden = true
                labels.append(label)
                labelRows.append(-1)
                addSubview(label)
            }
            for i in labelRows.indices { labelRows[i] = -1 }
        }
        guard virtualCount > 0 else {
            for label in labels { label.isHidden = true }
            return
        }
        let top = contentOffset.y
        let first = max(Int((top / rowHeight).rounded(.down)), 0)
        let last = min(Int(((top + bounds.height) / rowHeight).rounded(.down)), virtualCount - 1)
        let centre = centredVirtualRow
        for slot in labels.indices {
            // The slot's row among those in view (rows map to slots by modulo).
            let offsetInRing = ((slot - first % labels.count) + labels.count) % labels.count
            let v = first + offsetInRing
            let label = labels[slot]
            guard v <= last else {
                label.isHidden = true
                continue
            }
            if labelRows[slot] != v {
                labelRows[slot] = v
                label.text = picker.delegate?.pickerView(picker, titleForRow: v % rowCount, forComponent: component)
                label.frame = Rect(x: 4, y: Double(v) * rowHeight, width: max(bounds.width - 8, 0), height: rowHeight)
            }
            label.isHidden = false
            label.isIncidentalText = v != centre
            if let color = v == centre ? picker._textColor.given : picker._secondaryTextColor.given {
                if label.textColor != color { label.textColor = color }
            } else {
                let role: KeyPath<Palette, Color> = v == centre ? \.label : \.gray
                if label.textRole != role { label.textRole = role }
            }
            // Rows fade towards the wheel's edges, as on a drum seen from the front.
            let distance = abs(Double(v) * rowHeight + rowHeight / 2 - (top + bounds.height / 2))
            let alpha = max(1 - 0.75 * distance / max(bounds.height / 2, 1), 0.25)
            let stepped = (alpha * 16).rounded() / 16  // in steps, so a slow glide redraws little
            if label.alpha != stepped { label.alpha = stepped }
        }
    }
}

extension PickerWheel: ScrollViewDelegate {
    /// A lift comes to rest on a row: the glide's end rounded to the nearest row.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        guard virtualCount > 0 else { return }
        let v = ((targetContentOffset.y + contentInset.top) / rowHeight).rounded()
        let clamped = v.isFinite ? min(max(v, 0), Double(virtualCount - 1)) : 0
        targetContentOffset.y = offset(forVirtualRow: Int(clamped))
    }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { settle() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { settle() }

    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { settle() }
}
