public import PanelCore
internal import RealModule

extension AffineTransform {
    /// Turns by `angle` radians; positive angles turn clockwise on screen (y grows downwards),
    /// as in UIKit.
    public init(rotationAngle angle: Double) {
        let cos = Double.cos(angle)
        let sin = Double.sin(angle)
        self.init(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians, then this transform.
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }
}
