@_exported public import PanelBench
@_exported public import PanelBoards
// `import PanelKit` is all an app needs: views, controls, recognizers and the application
// (PanelUI, which brings geometry, time, colours and fonts), board files (PanelBoards) and the
// bench's scripted fingers (PanelBench), for sessions on a mock board.
@_exported public import PanelUI
