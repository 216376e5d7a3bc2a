/// The events a control sends actions for, with UIKit's bit values (`UIControl.Event`, A15).
///
/// It is a top-level type rather than `Control.Event` so that, inside a `Control` subclass,
/// `Event` still names the touches ``Event`` in overridden responder methods.
public struct ControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The event bits (UIKit's values).
    public let rawValue: UInt32
    /// Events from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A finger touched down in the control.
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// A repeated touch-down (tapCount > 1), sent together with ``touchDown``.
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    /// The finger moved inside the control's expanded region.
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    /// The finger moved outside the expanded region.
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    /// The finger moved from outside into the expanded region.
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    /// The finger moved out of the expanded region.
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    /// The finger lifted inside the expanded region.
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    /// The finger lifted outside the expanded region.
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    /// The system cancelled the touch.
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    /// The control's value changed (slider, switch).
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    /// The control's semantic action (a button's tap), sent after ``touchUpInside``.
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
    /// A text field began editing.
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    /// A text field's text changed by typing.
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    /// A text field ended editing.
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    /// A text field ended editing with its return key.
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)
    /// Every touch event.
    public static let allTouchEvents = ControlEvents(rawValue: 0x0000_0FFF)
    /// Every editing event.
    public static let allEditingEvents = ControlEvents(rawValue: 0x000F_0000)
    /// Events for the application's own use.
    public static let applicationReserved = ControlEvents(rawValue: 0x0F00_0000)
    /// Reserved for PanelKit.
    public static let systemReserved = ControlEvents(rawValue: 0xF000_0000)
    /// Every event.
    public static let allEvents = ControlEvents(rawValue: 0xFFFF_FFFF)

    private static let names: [(ControlEvents, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
        (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primaryActionTriggered"),
        (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
    ]

    /// The events' names, for logs.
    public var description: String {
        let parts = ControlEvents.names.filter { contains($0.0) }.map(\.1)
        return parts.isEmpty ? "[]" : parts.joined(separator: "|")
    }
}
