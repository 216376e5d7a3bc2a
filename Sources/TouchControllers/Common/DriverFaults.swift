public import PanelCore

// The one place where drivers turn a bus or line failure into the error their TouchSource
// methods throw: I2C failures become `TouchSourceError.bus`, GPIO failures `.gpio`.

/// Runs bus transactions; an I2C failure becomes ``TouchSourceError/bus(_:)``.
@inlinable
package func onBus<Result>(_ body: () throws(I2CError) -> Result) throws(TouchSourceError) -> Result {
    do { return try body() } catch { throw .bus(error) }
}

/// Drives or reconfigures lines; a GPIO failure becomes ``TouchSourceError/gpio(_:)``.
@inlinable
package func onLines<Result>(_ body: () throws(GPIOError) -> Result) throws(TouchSourceError) -> Result {
    do { return try body() } catch { throw .gpio(error) }
}
