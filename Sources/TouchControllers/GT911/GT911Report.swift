public import PanelCore

/// Decoding of a GT911 report read from 0x814E (docs/controllers.md §2.6–2.7, §5.2).
public enum GT911Report {
    /// Decodes status + `n` point records + key byte (`2 + 8·n` bytes) into `frame`.
    ///
    /// Rules: bit 7 of the status must be set (callers check it); n ≤ `maxContacts`; a track ID
    /// (low nibble; bit 7 marks a pen and is ignored) must be below 10 and unique; coordinates
    /// must lie inside the controller's resolution. Status 0x80 (ready, no points) is a real
    /// frame: every finger lifted.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, maxContacts: Int, transform: TouchscreenTransform,
        into frame: inout TouchFrame
    ) throws(ProtocolViolation) {
        frame.removeAll()
        let status = bytes[0]
        let count = Int(status & GT911Status.pointCountMask)
        if count > maxContacts { throw .tooManyContacts(count: count, maximum: maxContacts) }
        precondition(bytes.count >= GT911ReportLayout.length(points: count), "GT911 report too short")
        var seen: UInt16 = 0
        for i in 0 ..< count {
            let base = 1 + GT911ReportLayout.recordSize * i
            let raw = bytes[base]
            let id = raw & GT911Status.trackIDMask
            if raw & GT911Status.trackIDReservedMask != 0 || id >= 10 { throw .invalidTrackID(raw) }
            let bit: UInt16 = 1 << UInt16(id)
            if seen & bit != 0 { throw .duplicateTrackID(id) }
            seen |= bit
            let x = Int(bytes[base + 1]) | Int(bytes[base + 2]) << 8
            let y = Int(bytes[base + 3]) | Int(bytes[base + 4]) << 8
            let size = UInt16(bytes[base + 5]) | UInt16(bytes[base + 6]) << 8
            guard transform.contains(x: x, y: y) else { throw .coordinateOutOfRange(x: x, y: y) }
            frame.append(Contact(trackID: id, position: transform.apply(x: x, y: y), phase: .moved, size: size))
        }
        frame.keys = status & GT911Status.haveKey != 0 ? bytes[1 + GT911ReportLayout.recordSize * count] : 0
        frame.isLargeTouch = status & GT911Status.largeTouch != 0
    }
}
