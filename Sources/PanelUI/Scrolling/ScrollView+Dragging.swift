/// Dragging: the pan's actions move the content, rubber-banding past the edges; the lift hands
/// over to deceleration, a bounce back or a page snap.
extension ScrollView {
    func handlePan() {
        let pan = panGestureRecognizer
        switch pan.state {
        case .began:
            stopMotion()
            isDragging = true
            dragStartOffset = contentOffset
            showIndicators()
            delegate?.scrollViewWillBeginDragging(self)
            drag(by: pan.translation(in: self))
        case .changed:
            drag(by: pan.translation(in: self))
        case .ended, .cancelled:
            isDragging = false
            let velocity = pan.velocity(in: self)
            // The content moves against the finger; points per second → points per millisecond.
            let moving = release(velocity: Point(x: -velocity.x / 1000, y: -velocity.y / 1000))
            delegate?.scrollViewDidEndDragging(self, willDecelerate: moving)
            if !moving { fadeIndicators() }
        default:
            break
        }
    }

    /// The offset for a finger `translation` from where the drag began: clamped or
    /// rubber-banded (UIKit's formula) past the edges, unchanged on an axis that does not scroll.
    func drag(by translation: Point) {
        let low = minimumContentOffset
        let high = maximumContentOffset
        var offset = contentOffset
        if scrollsHorizontally {
            offset.x = banded(dragStartOffset.x - translation.x, low: low.x, high: high.x, dimension: bounds.width)
        }
        if scrollsVertically {
            offset.y = banded(dragStartOffset.y - translation.y, low: low.y, high: high.y, dimension: bounds.height)
        }
        moveContent(to: offset)
    }

    private func banded(_ raw: Double, low: Double, high: Double, dimension: Double) -> Double {
        if raw < low {
            return bounces ? low - ScrollPhysics.rubberBand(low - raw, dimension: dimension) : low
        }
        if raw > high {
            return bounces ? high + ScrollPhysics.rubberBand(raw - high, dimension: dimension) : high
        }
        return raw
    }

    /// Starts what follows a lift at `velocity` (points per millisecond); returns whether the
    /// content keeps moving. The delegate sees where the content would rest and may move it
    /// (``ScrollViewDelegate/scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)``).
    func release(velocity: Point) -> Bool {
        guard let application = window?.application else { return false }
        let now = application.clock.now
        let offset = contentOffset
        let low = minimumContentOffset, high = maximumContentOffset
        var x =
            scrollsHorizontally
            ? afterRelease(offset.x, velocity.x, low: low.x, high: high.x, page: bounds.width, at: now) : nil
        var y =
            scrollsVertically
            ? afterRelease(offset.y, velocity.y, low: low.y, high: high.y, page: bounds.height, at: now) : nil
        if let delegate {
            let proposed = Point(x: x?.restingPosition ?? offset.x, y: y?.restingPosition ?? offset.y)
            var target = proposed
            delegate.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &target)
            if target.x != proposed.x, target.x.isFinite, scrollsHorizontally {
                x = AxisMotion(from: offset.x, to: min(max(target.x, low.x), high.x), velocity: velocity.x, rate: decelerationRate.rawValue, at: now)
            }
            if target.y != proposed.y, target.y.isFinite, scrollsVertically {
                y = AxisMotion(from: offset.y, to: min(max(target.y, low.y), high.y), velocity: velocity.y, rate: decelerationRate.rawValue, at: now)
            }
        }
        guard x != nil || y != nil else { return false }
        startMotion(x: x, y: y, animated: false)
        return true
    }

    /// One axis after the lift: back inside from past an edge, to a page, or a glide.
    private func afterRelease(_ position: Double, _ velocity: Double, low: Double, high: Double, page: Double, at now: MonotonicInstant) -> AxisMotion? {
        if position < low { return AxisMotion(springFrom: position, to: low, velocity: velocity, at: now) }
        if position > high { return AxisMotion(springFrom: position, to: high, velocity: velocity, at: now) }
        if isPagingEnabled && page > 0 {
            let target = pageTarget(position, velocity: velocity, low: low, high: high, page: page)
            return target == position && velocity == 0 ? nil : AxisMotion(springFrom: position, to: target, velocity: velocity, at: now)
        }
        // Slower than 0.05 pt/ms (50 pt/s): the content stays where the finger left it.
        guard abs(velocity) >= 0.05 else { return nil }
        return AxisMotion(decelerateFrom: position, velocity: velocity, rate: decelerationRate.rawValue, at: now)
    }

    /// The page a lift settles on: the next one in the flick's direction when it was fast
    /// (over 0.3 pt/ms), else the nearest; never past the content.
    func pageTarget(_ position: Double, velocity: Double, low: Double, high: Double, page: Double) -> Double {
        let index = (position - low) / page
        let chosen: Double
        if velocity > 0.3 {
            chosen = index.rounded(.up)
        } else if velocity < -0.3 {
            chosen = index.rounded(.down)
        } else {
            chosen = index.rounded()
        }
        return min(max(low + chosen * page, low), high)
    }

    /// Whether the scroll view's own pan may begin: only along an axis it scrolls, and only if
    /// the content that already has the touches lets them go (``canCancelContentTouches``,
    /// ``touchesShouldCancel(in:)``).
    func panShouldBegin() -> Bool {
        guard isScrollEnabled else { return false }
        let translation = scrollPan.translation(in: self)
        let horizontal = abs(translation.x) > abs(translation.y)
        if horizontal ? !scrollsHorizontally : !scrollsVertically { return false }
        // Content that already has a touch keeps it unless both rules let it go (S6).
        return !scrollPan.trackedTouches.containsTouch { touch in
            guard let view = touch.view, view !== self, touch.delivery.pointee.stage == .began else { return false }
            return !canCancelContentTouches || !touchesShouldCancel(in: view)
        }
    }
}
