public import PanelGraphics

/// What a view's shadow is made of (CALayer's shadow properties).
struct ViewShadow {
    var color = Color.black
    var opacity = 0.0
    var radius = 3.0
    var offset = Size(width: 0, height: -3)
    var path: Path?
}

/// Shadows, as CALayer casts them: a blurred copy of the view's shape (its bounds with
/// ``View/cornerRadius``, or ``View/shadowPath``) in ``View/shadowColor``, moved by
/// ``View/shadowOffset``, drawn under the view and its subviews. The defaults are CALayer's: no
/// shadow until ``View/shadowOpacity`` is raised above 0.
///
/// The blurred shape is made once and kept on the view while its size, corner radius, blur
/// radius and path stay the same: moving the view or changing the colour, the opacity or the
/// offset draws the kept mask again without blurring again. The shape is the view's rounded
/// bounds, not its drawn pixels (CALayer blurs the layer's alpha when `shadowPath` is nil):
/// give a ``View/shadowPath`` for any other outline.
extension View {
    /// The shadow's colour (its alpha multiplies ``shadowOpacity``). Default black.
    public var shadowColor: Color {
        get { shadow.color }
        set { changeShadow { $0.color = newValue } }
    }

    /// The shadow's opacity, 0…1. Default 0: no shadow. A value outside 0…1 is clamped; one
    /// that is not finite is reported (`UsageWarning`) and taken as 0.
    public var shadowOpacity: Double {
        get { shadow.opacity }
        set {
            var value = newValue
            if !value.isFinite {
                UsageWarning.report("shadowOpacity", "\(newValue) is not an opacity, so the shadow is off: give a value from 0 to 1")
                value = 0
            }
            changeShadow { $0.opacity = min(max(value, 0), 1) }
        }
    }

    /// The blur radius, in points: the shadow's Gaussian spread (its standard deviation).
    /// Default 3. A radius above `ShadowMask.maximumBlurRadius` is reported
    /// (`UsageWarning`) and clamped, which also caps the blur's cost; one below zero or not
    /// finite is reported and taken as 0 (a sharp shadow).
    public var shadowRadius: Double {
        get { shadow.radius }
        set {
            var value = newValue
            if !value.isFinite || value < 0 {
                UsageWarning.report("shadowRadius", "\(newValue) is not a blur radius, so the shadow is sharp: give a finite radius of 0 or more")
                value = 0
            } else if value > ShadowMask.maximumBlurRadius {
                UsageWarning.report(
                    "shadowRadius",
                    "\(newValue) is more than the largest blur radius, so \(ShadowMask.maximumBlurRadius) is used: a shadow that wide is invisible anyway")
                value = ShadowMask.maximumBlurRadius
            }
            changeShadow { $0.radius = value }
        }
    }

    /// How far the shadow is moved from the view, in points. Default (0, −3), CALayer's: a
    /// shadow thrown upwards; panels usually want (0, 2) or so. A component that is not
    /// finite is reported (`UsageWarning`) and taken as 0.
    public var shadowOffset: Size {
        get { shadow.offset }
        set {
            var value = newValue
            if !value.width.isFinite || !value.height.isFinite {
                UsageWarning.report("shadowOffset", "(\(newValue.width), \(newValue.height)) is not an offset, so a non-finite part is 0: give finite numbers")
                value = Size(width: value.width.isFinite ? value.width : 0, height: value.height.isFinite ? value.height : 0)
            }
            changeShadow { $0.offset = value }
        }
    }

    /// The outline that casts the shadow, in the view's bounds coordinates; nil (the
    /// default): the bounds with ``cornerRadius``.
    public var shadowPath: Path? {
        get { shadow.path }
        set { changeShadow { $0.path = newValue } }
    }

    /// Redraws what the shadow covered and what it covers after `change`.
    private func changeShadow(_ change: (inout ViewShadow) -> Void) {
        let before = shadowExtent
        change(&shadow)
        if let before { setNeedsDisplay(before) }
        setNeedsDisplay()
    }

    /// Whether the view casts a shadow now (as shown: a clipping view clips its own away).
    var castsShadow: Bool { shadow.opacity > 0 && shadow.color.alpha > 0 && !clipsToBounds }

    /// The area the shadow covers, in bounds coordinates; nil when there is none.
    var shadowExtent: Rect? {
        guard castsShadow else { return nil }
        let reach = Double(ShadowMask.reach(forBlurRadius: shadow.radius)) + 1
        let shape: Rect
        if let path = shadow.path {
            shape = path.boundingBox ?? .zero
        } else {
            shape = bounds
        }
        return shape.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height).insetBy(dx: -reach, dy: -reach)
    }

    /// The blurred shape for a `width` × `height` pixel view: the kept mask while it still fits.
    func shadowMask(width: Int, height: Int) -> ShadowMask {
        let blur = ShadowMask.clampedBlur(shadow.radius)
        if let kept = shadowMask, kept.key.blurRadius == blur {
            if let path = shadow.path {
                if kept.key.path == path.elements { return kept }
            } else if kept.key.path == nil && kept.key.width == width && kept.key.height == height
                && kept.key.cornerRadius == min(max(cornerRadius, 0), Double(min(width, height)) / 2)
            {
                return kept
            }
        }
        let made: ShadowMask
        if let path = shadow.path {
            made = ShadowMask(path: path, blurRadius: blur)
        } else {
            made = ShadowMask(width: width, height: height, cornerRadius: cornerRadius, blurRadius: blur)
        }
        shadowMask = made
        return made
    }
}
