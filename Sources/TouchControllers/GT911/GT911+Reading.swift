public import PanelCore

/// GT911 reading: the wait for INT (or the poll), the status handshake and the report.
extension GT911 {
    // MARK: - Reading

    /// Waits for the INT edge; with fingers down (or no INT line) waits at most one poll period.
    public mutating func waitForData(timeout: MonotonicDuration?, contactsDown: Bool) throws(TouchSourceError) -> WakeReason {
        guard info != nil else { throw .notStarted }
        return try waitForInterruptOrPoll(
            &interrupt, clock: clock, pollInterval: configuration.pollInterval, timeout: timeout,
            contactsDown: contactsDown, pendingEdge: &pendingEdge)
    }

    /// Reads one report: status and first record in one transfer, the other records in a second
    /// one when more than one finger is down, then clears the status register.
    ///
    /// After an interrupt the status is re-read every millisecond for up to 20 ms until "buffer
    /// ready"; if it never becomes ready the interrupt was spurious and nil is returned *without*
    /// clearing (clearing then could discard a buffer that became ready in between, esp-bsp#501).
    /// A polled read that is not ready returns nil at once.
    public mutating func readFrame() throws(TouchSourceError) -> TouchFrame? {
        guard let info else { throw .notStarted }
        let address = info.address
        let maxContacts = info.maxContacts
        let fromInterrupt = pendingEdge != nil
        var frame = TouchFrame(timestamp: pendingEdge ?? clock.now)
        pendingEdge = nil
        let total = GT911ReportLayout.length(points: maxContacts)
        var violation: ProtocolViolation?
        var ready = false
        let transform = self.transform
        let timings = configuration.timings
        let headLength = GT911ReportLayout.head
        try onBus { () throws(I2CError) in
            try withUnsafeTemporaryAllocation(byteCount: max(total, headLength), alignment: 1) { (buffer) throws(I2CError) in
                let head = UnsafeMutableRawBufferPointer(rebasing: buffer[0 ..< headLength])
                try bus.readRegisters16(address, register: GT911Register.status, into: head)
                if buffer[0] & GT911Status.bufferReady == 0 && fromInterrupt {
                    let deadline = clock.now + timings.readyWindow
                    while buffer[0] & GT911Status.bufferReady == 0 && clock.now < deadline {
                        clock.sleep(for: timings.readyPoll)
                        try bus.readRegisters16(address, register: GT911Register.status, into: head)
                    }
                }
                guard buffer[0] & GT911Status.bufferReady != 0 else { return }
                ready = true
                let count = Int(buffer[0] & GT911Status.pointCountMask)
                let length = GT911ReportLayout.length(points: count)
                if count > maxContacts {
                    violation = .tooManyContacts(count: count, maximum: maxContacts)
                } else if count > 1 {
                    // The rest of the records and the key byte, from where the first read stopped.
                    let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[headLength ..< length])
                    try bus.readRegisters16(address, register: GT911Register.status + UInt16(headLength), into: rest)
                }
                // Always clear, even after a malformed report, or the chip stops updating.
                try bus.writeRegister16(address, register: GT911Register.status, value: 0)
                if violation == nil {
                    do throws(ProtocolViolation) {
                        try GT911Report.decode(
                            UnsafeRawBufferPointer(rebasing: buffer[0 ..< length]), maxContacts: maxContacts,
                            transform: transform, into: &frame)
                    } catch {
                        violation = error
                    }
                }
            }
        }
        guard ready else {
            if fromInterrupt { spuriousInterrupts += 1 }
            return nil
        }
        return try tolerance.judge(frame, violation: violation)
    }
}
