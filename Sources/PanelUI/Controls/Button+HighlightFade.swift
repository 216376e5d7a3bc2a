/// The fade of a button's pressed look back to its current look, after the highlight ends.
struct HighlightFade {
    /// The state whose look the screen showed when the fade began: the pressed look. Its
    /// colours are read when a frame draws, not when the finger lifts, so a tap reads no palette.
    var from: Control.State
    var start: MonotonicInstant
    var progress: Double
    var handle: FrameClock.Handle?
}

extension Button {
    /// The background and title colours drawn now: the current state's, or while the pressed
    /// look fades, a blend from what was shown towards them.
    var shownColors: (background: Color, title: Color) {
        let background = currentBackgroundColor
        let title = currentTitleColor
        guard let fade = highlightFade else { return (background, title) }
        return (
            backgroundColor(showing: fade.from).mixed(with: background, by: fade.progress),
            titleColor(showing: fade.from).mixed(with: title, by: fade.progress)
        )
    }

    /// The highlight turned on or off: on shows the pressed look at once (a fade in progress
    /// stops); off fades from what was shown, when the button is in an application's window.
    func highlightChanged() {
        if let handle = highlightFade?.handle { window?.application?.frameClock.remove(handle) }
        // A press looks up nothing: the window and its application only for a fade.
        guard !isHighlighted, highlightFadeDuration > 0, highlightFadeDuration.isFinite, let application = window?.application else {
            highlightFade = nil
            return
        }
        // The screen showed the pressed look (a fade stops when the highlight comes back).
        highlightFade = HighlightFade(
            from: state.union(.highlighted), start: application.clock.now, progress: 0, handle: application.frameClock.add(self))
    }
}

extension Button: FrameClockClient {
    /// One frame of the fade (no closure: a tap allocates nothing).
    public func frameClockTick(_ now: MonotonicInstant) -> Bool {
        guard var fade = highlightFade else { return false }
        let fraction = Double((now - fade.start).nanoseconds) / 1_000_000_000 / highlightFadeDuration
        setNeedsDisplay()
        if fraction >= 1 || !fraction.isFinite {
            highlightFade = nil
            return false
        }
        fade.progress = AnimationCurve.easeOut.progress(at: fraction)
        highlightFade = fade
        return true
    }
}
