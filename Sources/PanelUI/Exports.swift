// PanelUI's API speaks in PanelCore's geometry and time types (`Point`, `Rect`, `MonotonicInstant`,
// `EventQueue`, …); re-export them so that `import PanelUI` is all an app needs.
@_exported public import PanelCore

// Colours, fonts, images, canvases and framebuffers come from PanelGraphics.
@_exported public import PanelGraphics
