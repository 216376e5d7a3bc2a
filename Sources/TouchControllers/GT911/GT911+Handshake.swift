public import PanelCore

/// GT911 start-up: the reset and address-strap handshake, the probe of both addresses, chip
/// identification, and sleep and recovery.
extension GT911 {
    // MARK: - Start

    /// Runs the reset/strap sequence, finds the chip, identifies it, verifies its configuration
    /// and writes ``Configuration/configurationToWrite`` if given.
    public mutating func start() throws(TouchSourceError) {
        info = nil
        try resetSequence(address: configuration.address)
        let answered = try probe()
        var id: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
        try onBus { () throws(I2CError) in
            try withUnsafeMutableBytes(of: &id) { (raw) throws(I2CError) in
                try bus.readRegisters16(answered, register: GT911Register.productID, into: raw)
            }
        }
        var productID = ""
        for b in [id.0, id.1, id.2, id.3] {
            if b == 0 { break }
            productID.unicodeScalars.append(Unicode.Scalar(b))
        }
        guard let variant = GT911Variant.forProductID(productID) else {
            throw .unexpectedChipID(register: GT911Register.productID, value: [id.0, id.1, id.2, id.3])
        }
        let firmware = UInt16(id.4) | UInt16(id.5) << 8
        var block = try readConfiguration(answered, variant: variant)
        if factoryConfiguration == nil { factoryConfiguration = block }
        if let wanted = configuration.configurationToWrite {
            block = try writeConfiguration(wanted, address: answered, variant: variant, stored: block)
        }
        currentConfiguration = block
        var maxContacts = configuration.maxContacts ?? block.touchNumber
        if maxContacts < 1 || maxContacts > variant.maxContacts { maxContacts = variant.maxContacts }
        transform = configuration.transform
        if configuration.useChipResolution, block.xResolution > 0, block.yResolution > 0 {
            let panelWidth = transform.panelWidth
            let panelHeight = transform.panelHeight
            transform.controllerWidth = block.xResolution
            transform.controllerHeight = block.yResolution
            transform.panelWidth = panelWidth
            transform.panelHeight = panelHeight
        }
        if interrupt != nil {
            // Module_Switch1 bits 1:0 — rising/high-level report on rising edges, falling/low-level
            // on falling ones (Linux goodix_irq_flags). The line floats, as the guide requires.
            let edges: EdgeDetection = block.interruptTrigger == 0 || block.interruptTrigger == 3 ? .rising : .falling
            try onLines { () throws(GPIOError) in try interrupt!.configureAsInput(edges: edges, bias: .disabled) }
        }
        try onBus { () throws(I2CError) in try bus.writeRegister16(answered, register: GT911Register.status, value: 0) }
        info = ChipInfo(
            productID: productID, variant: variant, firmwareVersion: firmware, address: answered,
            configVersion: block.version, xResolution: block.xResolution, yResolution: block.yResolution,
            maxContacts: maxContacts)
        // Interrupts queued before the reset describe buffers that are gone.
        _ = try onLines { () throws(GPIOError) in try interrupt?.discardPendingEdges() }
        tolerance.open(configuration.garbageTolerance)
        pendingEdge = nil
    }

    /// The reset and address-strap sequence (Linux `goodix_reset_no_int_sync` + `goodix_int_sync`).
    mutating func resetSequence(address: I2CAddress) throws(TouchSourceError) {
        guard reset != nil else { return }
        let t = configuration.timings
        try onLines { () throws(GPIOError) in
            try reset!.set(.high)  // assert reset
            if interrupt != nil { try interrupt!.configureAsOutput(initial: .low) }
            clock.sleep(for: t.resetHold)
            if interrupt != nil {
                // INT high while reset rises selects 0x14, low selects 0x5D.
                try interrupt!.set(address == .gt911Alternate ? .high : .low)
            }
            clock.sleep(for: t.addressSetup)
            try reset!.set(.low)  // release reset
            clock.sleep(for: t.resetRelease)
            if interrupt != nil {
                try interrupt!.set(.low)
                clock.sleep(for: t.interruptSync)
                try interrupt!.configureAsInput(edges: .falling, bias: .disabled)
            } else {
                clock.sleep(for: t.interruptSync)
            }
        }
    }

    /// Finds the address that answers: the configured one, then (if allowed) the other.
    mutating func probe() throws(TouchSourceError) -> I2CAddress {
        let first = configuration.address
        var candidates = [first]
        if configuration.allowAddressFallback {
            if first == .gt911Primary { candidates.append(.gt911Alternate) } else if first == .gt911Alternate { candidates.append(.gt911Primary) }
        }
        var lastError = I2CError(.noAcknowledgeAddress, address: first)
        for address in candidates {
            var byte: UInt8 = 0
            do {
                try withUnsafeMutableBytes(of: &byte) { (raw) throws(I2CError) in
                    try bus.readRegisters16(address, register: GT911Register.productID, into: raw)
                }
                return address
            } catch {
                guard error.isNoDevice else { throw .bus(error) }
                lastError = error
            }
        }
        throw .noDevice(addresses: candidates, underlying: lastError)
    }

    /// Brings the chip back after failed reads: re-probes it without a reset first
    /// (``Configuration/recovery``): when it answers with its product ID at its address, its
    /// status is cleared and reading goes on (the configuration lives in the chip's flash).
    /// Only when it does not, runs the reset sequence again and restarts (re-sending the
    /// configuration if one was configured).
    public mutating func recover() throws(TouchSourceError) {
        try recoverByReprobing()
    }

    /// Reading goes on after a re-probe: edges queued while the chip failed are dropped, and the
    /// first malformed reports are forgiven.
    mutating func resumeReading() throws(TouchSourceError) {
        _ = try onLines { () throws(GPIOError) in try interrupt?.discardPendingEdges() }
        tolerance.open(configuration.garbageTolerance)
        pendingEdge = nil
    }

    /// One re-probe: the product ID at the chip's address is the one it had, and the status
    /// register takes its clear.
    mutating func reprobe(expecting known: ChipInfo) -> Bool {
        var id: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        do throws(I2CError) {
            try withUnsafeMutableBytes(of: &id) { (raw) throws(I2CError) in
                try bus.readRegisters16(known.address, register: GT911Register.productID, into: raw)
            }
            var productID = ""
            for b in [id.0, id.1, id.2, id.3] {
                if b == 0 { break }
                productID.unicodeScalars.append(Unicode.Scalar(b))
            }
            guard productID == known.productID else { return false }
            try bus.writeRegister16(known.address, register: GT911Register.status, value: 0)
            return true
        } catch {
            return false
        }
    }

    /// Puts the chip to sleep (screen-off command 5 to 0x8040, after driving INT low as the guide
    /// requires). Wake it with ``start()``. While asleep it does not answer I2C.
    public mutating func sleep() throws(TouchSourceError) {
        guard let info else { throw .notStarted }
        try onLines { () throws(GPIOError) in
            if interrupt != nil { try interrupt!.configureAsOutput(initial: .low) }
        }
        clock.sleep(for: .milliseconds(6))
        try onBus { () throws(I2CError) in
            try bus.writeRegister16(info.address, register: GT911Register.command, value: GT911Command.screenOff)
        }
    }
}

extension GT911: ReprobingRecovery {
    var knownChip: ChipInfo? { info }
    var recoveryPolicy: RecoveryPolicy { configuration.recovery }
    var recoveryClock: Clock { clock }
}
