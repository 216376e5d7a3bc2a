import PanelBench
import PanelCore
import PanelUI
import Testing

/// A million rows of titled cells, for a list flicked by ``FlickScreen``.
@MainActor
final class MillionRows: ListDataSource {
    let titles = (0 ..< 100).map { "Row \($0)" }

    func numberOfRows(in list: ListView) -> Int { 1_000_000 }

    func list(_ list: ListView, cellForRowAt row: Int) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "row", for: row)
        cell.textLabel.text = titles[row % titles.count]
        return cell
    }
}

extension AllocationTests.EventSystem {
    @Test(
        "a finger-down on a list of a million rows allocates nothing, in every one of 64 flicks, half of them caught while the list glides",
        .enabled(if: isOptimizedBuild))
    func millionRowFingerDown() {
        let rows = MillionRows()
        var screen = FlickScreen { frame in
            let list = ListView(frame: frame)
            list.register(ListCell.self, forCellReuseIdentifier: "row")
            list.dataSource = rows
            return list
        }
        for _ in 0 ..< 4 { screen.flick() }
        screen.fingerDownMallocs = []
        screen.fingerDownMallocs?.reserveCapacity(64)
        for round in 0 ..< 64 { screen.flick(glideFrames: round % 2 == 0 ? 2000 : 12) }
        let mallocs = screen.fingerDownMallocs ?? []
        #expect(screen.scrollView.contentOffset.y > 0, "the flicks moved the list")
        #expect(mallocs.count == 64)
        #expect(mallocs.allSatisfy { $0 == 0 }, "mallocs per finger-down: \(mallocs)")
        withExtendedLifetime(rows) {}
    }
}
