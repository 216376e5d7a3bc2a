public import MotionSensors
public import PanelBoards
public import PanelCore
import PanelPlatform

extension Board.Motion {
    /// The LIS3DH's full scale for the board's `range-g`: the smallest that holds it.
    public func range<Bus: I2CBus>() -> LIS3DH<Bus>.Range {
        switch rangeG {
        case ...2: .g2
        case ...4: .g4
        case ...8: .g8
        default: .g16
        }
    }
}
