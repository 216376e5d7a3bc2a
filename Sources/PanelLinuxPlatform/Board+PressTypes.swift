public import PanelBoards
import PanelCore
public import PanelPlatform

extension Board.Button.Press {
    /// UIKit's press type for it.
    public var pressType: PressType {
        switch self {
        case .up: .upArrow
        case .down: .downArrow
        case .left: .leftArrow
        case .right: .rightArrow
        case .select: .select
        case .menu: .menu
        case .playPause: .playPause
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .key(let code): .key(code)
        }
    }
}
extension Board.Button.Hold {
    /// What holding the button does, for `PressHold`.
    public var behavior: PressHold.Behavior {
        switch self {
        case .single: .single
        case .repeating(let delay, let interval): .repeating(delay: .milliseconds(Int64(delay)), interval: .milliseconds(Int64(interval)))
        case .longPress(let after, let press): .longPress(after: .milliseconds(Int64(after)), type: press.pressType)
        }
    }
}
