public import PanelCore

/// A DRM plane's `rotation` property: a bitmask whose bits the kernel names (`rotate-0`,
/// `rotate-90`, `rotate-180`, `rotate-270`, `reflect-x`, `reflect-y`), listed per driver.
/// The Raspberry Pi's vc4 offers `rotate-0`, `rotate-180` and the reflections: it can turn the
/// image upside down but not transpose it.
public enum DRMPlaneRotation {
    /// The property value that turns the image by `rotation`, from the bits the plane lists
    /// (name → bit number); nil when the plane cannot.
    ///
    /// Only 0° and 180°: a quarter turn needs buffers allocated transposed (portrait buffers
    /// scanned out to a landscape mode), which PanelKit does in software instead. 180° is
    /// `rotate-180`, or `reflect-x` with `reflect-y` where only the reflections are listed.
    public static func value(for rotation: Rotation, bits: [String: UInt64]) -> UInt64? {
        func mask(_ name: String) -> UInt64? {
            guard let bit = bits[name], bit < 64 else { return nil }
            return 1 << bit
        }
        switch rotation {
        case .degrees0: return mask("rotate-0")
        case .degrees180:
            if let turn = mask("rotate-180") { return turn }
            guard let upright = mask("rotate-0"), let x = mask("reflect-x"), let y = mask("reflect-y") else { return nil }
            return upright | x | y
        case .degrees90, .degrees270: return nil
        }
    }
}
