// Behaviour IDs in this module's comments and tests (A8, B37, E13, A.7 …) are the points of
// docs/events.md, PanelKit's event-system specification.

// PanelUI's API speaks in PanelCore's geometry and time types (`Point`, `Rect`, `MonotonicInstant`,
// `EventQueue`, …); re-export them so that `import PanelUI` is all an app needs.
@_exported public import PanelCore
// Colours, fonts, images, canvases and framebuffers come from PanelGraphics.
@_exported public import PanelGraphics
// Locales (`LocaleInfo`: names, date order, clock) for the date picker and the calendar.
@_exported public import PanelLocale
// The platform seam: `RunLoopClient` (which `Application` is), `DeviceInput`, `Platform`.
@_exported public import PanelPlatform
