public import PanelCore

/// Decoding of a FocalTech burst read from register 0x00 (docs/controllers.md §1.7, §5.1).
public enum FT6x06Report {
    /// Bytes in a burst read for `maxContacts` points: 3 + 6 per point (15, 33 or 63).
    public static func length(maxContacts: Int) -> Int {
        FT6x06ReportLayout.firstRecord + FT6x06ReportLayout.recordSize * maxContacts
    }

    /// Decodes a burst read into `frame` (which is emptied first).
    ///
    /// Rules: TD_STATUS bits 3:0 give the count (never trust records beyond it); the count must
    /// not exceed `maxContacts`; a record with ID 0xF, or an ID ≥ the chip's limit, is invalid;
    /// a duplicate ID is invalid; event flag 3 ("no event") skips the record; flag 1 ("lift up")
    /// yields a contact with phase `.ended` whose coordinates are not checked (they are bogus on
    /// some firmware); other records must lie inside the controller's resolution.
    /// - Throws: the ``ProtocolViolation`` found; `frame` is then unspecified.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, maxContacts: Int, transform: TouchscreenTransform,
        into frame: inout TouchFrame
    ) throws(ProtocolViolation) {
        precondition(bytes.count >= length(maxContacts: maxContacts), "FT6x06 report too short")
        typealias Layout = FT6x06ReportLayout
        frame.removeAll()
        let count = Int(bytes[Layout.statusOffset] & Layout.pointCountMask)
        if count > maxContacts { throw .tooManyContacts(count: count, maximum: maxContacts) }
        let idLimit = maxContacts <= 2 ? 2 : 10
        var seen: UInt16 = 0
        for i in 0 ..< count {
            let base = Layout.firstRecord + Layout.recordSize * i
            let xh = bytes[base]
            let yh = bytes[base + 2]
            let event = xh >> Layout.eventShift
            let id = yh >> Layout.trackIDShift
            if id == Layout.noTrackID || Int(id) >= idLimit { throw .invalidTrackID(id) }
            if event == Layout.eventNone { continue }
            let bit: UInt16 = 1 << UInt16(id)
            if seen & bit != 0 { throw .duplicateTrackID(id) }
            seen |= bit
            let x = Int(xh & Layout.coordinateHighMask) << 8 | Int(bytes[base + 1])
            let y = Int(yh & Layout.coordinateHighMask) << 8 | Int(bytes[base + 3])
            let weight = UInt16(bytes[base + 4])
            let area = UInt16(bytes[base + 5] >> Layout.areaShift)
            if event == Layout.eventLiftUp {
                frame.append(Contact(trackID: id, position: .zero, phase: .ended, size: area, weight: weight))
                continue
            }
            guard transform.contains(x: x, y: y) else { throw .coordinateOutOfRange(x: x, y: y) }
            frame.append(
                Contact(
                    trackID: id, position: transform.apply(x: x, y: y), phase: .moved, size: area, weight: weight))
        }
    }
}
