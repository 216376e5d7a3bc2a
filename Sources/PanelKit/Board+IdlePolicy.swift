public import PanelBoards
public import PanelUI

extension Board.Power {
    /// The idle policy the board's `power` object describes; nil when it neither dims nor blanks.
    public var idlePolicy: IdlePolicy? {
        guard isIdlePolicySet else { return nil }
        return IdlePolicy(
            dimAfter: dimAfterSeconds.map { .milliseconds(Int64($0) * 1000) }, blankAfter: blankAfterSeconds.map { .milliseconds(Int64($0) * 1000) },
            dimLevel: Double(dimPercent) / 100, swallowsWakeInput: swallowWakeInput, offHours: offHours,
            offHoursWakeFor: .seconds(Int64(offHoursWakeSeconds)))
    }
}
