import PanelBench
import PanelCore
import Testing

@testable import PanelUI

@Suite("The application's state: the hot fields, and one value per feature")
@MainActor
struct ApplicationStateTests {
    @Test("Application stores at most 20 properties: dispatch, windows, timers and one value per feature")
    func atMostTwentyStoredProperties() {
        let app = Application(clock: ManualClock())
        let names = Mirror(reflecting: app).children.compactMap(\.label)
        #expect(names.count <= 20, "\(names.count) stored properties: \(names)")
    }
}
