@_exported public import PanelBoards
// `import PanelKit` is all an app needs: views, controls, recognizers and the application
// (PanelUI, which brings geometry, time, colours and fonts) and board files (PanelBoards). An
// app imports the bench (PanelBench: scripted fingers, emulated chips, the manual clock) only
// when it drives a mock board's hardware itself.
@_exported public import PanelUI
