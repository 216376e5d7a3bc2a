/// Saving and restoring what a drawing changes on the canvas (CoreGraphics' `saveGState`):
/// the translation, the opacity and the clips pushed since.
extension Canvas {
    /// The deepest nesting of ``saveState()``.
    public static let maximumStateDepth = 16

    /// Saves the translation, the opacity and the clip until the matching ``restoreState()``.
    /// Saves beyond ``maximumStateDepth`` are reported (`UsageWarning`) and their restores
    /// do nothing.
    public mutating func saveState() {
        guard stateDepth < Self.maximumStateDepth else {
            if stateOverflow == 0 {
                UsageWarning.report("saveState()", "states nest deeper than \(Self.maximumStateDepth), so this one is not saved: restore each state you save")
            }
            stateOverflow += 1
            return
        }
        stateStack[stateDepth] = SavedState(translationX: translation.x, translationY: translation.y, opacity: opacity, clipDepth: currentClipDepth)
        stateDepth += 1
    }

    /// Puts back the state saved by the matching ``saveState()``: clips pushed since are
    /// popped. A restore without a save is reported and ignored.
    public mutating func restoreState() {
        if stateOverflow > 0 {
            stateOverflow -= 1
            return
        }
        guard stateDepth > 0 else {
            UsageWarning.report("restoreState()", "there is no saved state to restore, so nothing changed: restore only the states you saved")
            return
        }
        stateDepth -= 1
        let saved = stateStack[stateDepth]
        while currentClipDepth > saved.clipDepth { popClip() }
        translation = (saved.translationX, saved.translationY)
        opacity = saved.opacity
    }
}

/// What ``Canvas/saveState()`` keeps.
struct SavedState {
    var translationX = 0
    var translationY = 0
    var opacity: UInt8 = 255
    var clipDepth = 0
}
