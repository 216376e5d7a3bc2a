/// What a ``ChartView`` tells its delegate: the cursor a finger moves over the plot.
@MainActor
public protocol ChartViewDelegate: AnyObject {
    /// A pan or tap put the cursor on `slot` (nil: the cursor was taken away). Read the values
    /// under it with ``ChartView/cursorValue(of:)``.
    func chartView(_ chart: ChartView, didMoveCursorTo slot: Int?)
}
