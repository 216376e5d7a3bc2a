public import Logging
import PanelCore
import PanelPlatform

extension Logger {
    /// A logger that drops everything (the default where none is given).
    public static var silent: Logger { Logger(label: "panelkit") { _ in SwiftLogNoOpLogHandler() } }

    /// This logger with `subsystem` (touch, power, keys …) in its metadata.
    public func subsystem(_ name: String) -> Logger {
        var copy = self
        copy[metadataKey: "subsystem"] = "\(name)"
        return copy
    }
}
