// The one mapping from a board file to a driver configuration, used on the bench and on the
// board alike (generic over the bus, lines and clock the driver is built with).
public import PanelBoards
public import PanelCore
public import TouchControllers

extension Board {
    /// The FT6x06/FT5x06 driver's configuration for this board: its address (default 0x38),
    /// contact limit, polling interval and touch transform.
    public func focalTechConfiguration<Bus: I2CBus, Reset: DigitalOutput, Interrupt: EdgeEventSource, Clock: MonotonicClock>(
        transform: TouchscreenTransform? = nil
    ) -> FT6x06<Bus, Reset, Interrupt, Clock>.Configuration {
        var configuration = FT6x06<Bus, Reset, Interrupt, Clock>.Configuration(transform: transform ?? self.transform())
        configuration.address = touch.address ?? .ft6x06
        configuration.maxContacts = touch.maxContacts
        configuration.pollInterval = .milliseconds(Int64(touch.pollIntervalMilliseconds))
        return configuration
    }

    /// The GT911 driver's configuration for this board: its address (default 0x5D), whether it
    /// may fall back to the other strap address (only when the board names one in
    /// `alternate-address`), contact limit, polling interval and touch transform.
    public func goodixConfiguration<Bus: I2CBus, Reset: DigitalOutput, Interrupt: ReconfigurableLine, Clock: MonotonicClock>(
        transform: TouchscreenTransform? = nil
    ) -> GT911<Bus, Reset, Interrupt, Clock>.Configuration {
        var configuration = GT911<Bus, Reset, Interrupt, Clock>.Configuration(transform: transform ?? self.transform())
        configuration.address = touch.address ?? .gt911Primary
        configuration.allowAddressFallback = touch.alternateAddress != nil
        configuration.maxContacts = touch.maxContacts
        configuration.pollInterval = .milliseconds(Int64(touch.pollIntervalMilliseconds))
        return configuration
    }
}
