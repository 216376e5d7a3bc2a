import PanelGraphics
import Testing

@Suite struct DirtyRegionTests {
    let screen = PixelRect(x: 0, y: 0, width: 800, height: 480)

    @Test("rectangles are clipped to the screen and contained ones are dropped")
    func clippingAndContainment() {
        var region = DirtyRegion(bounds: screen)
        region.add(PixelRect(x: -10, y: -10, width: 30, height: 30))
        #expect(Array(region) == [PixelRect(x: 0, y: 0, width: 20, height: 20)])
        region.add(PixelRect(x: 5, y: 5, width: 5, height: 5))
        #expect(region.count == 1)
        region.add(PixelRect(x: 900, y: 0, width: 10, height: 10))
        #expect(region.count == 1)
        region.add(PixelRect(x: 0, y: 0, width: 40, height: 40))
        #expect(Array(region) == [PixelRect(x: 0, y: 0, width: 40, height: 40)])
    }

    @Test("overlapping or adjacent rectangles merge when little area is wasted, distant ones stay apart")
    func merging() {
        var region = DirtyRegion(bounds: screen)
        region.add(PixelRect(x: 0, y: 0, width: 50, height: 50))
        region.add(PixelRect(x: 50, y: 0, width: 50, height: 50))
        #expect(Array(region) == [PixelRect(x: 0, y: 0, width: 100, height: 50)])
        region.add(PixelRect(x: 600, y: 400, width: 20, height: 20))
        #expect(region.count == 2)
    }

    @Test("the region keeps at most its capacity and still covers every pixel added")
    func boundedAndCovering() {
        var region = DirtyRegion(bounds: screen)
        var added: [PixelRect] = []
        var seed: UInt64 = 12345
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0 ..< 60 {
            let r = PixelRect(x: next(780), y: next(460), width: 1 + next(20), height: 1 + next(20))
            added.append(r)
            region.add(r)
            #expect(region.count <= DirtyRegion.capacity)
        }
        for r in added {
            for y in r.y ..< r.maxY {
                for x in r.x ..< r.maxX {
                    #expect(region.contains { $0.contains(x: x, y: y) })
                }
            }
        }
        #expect(!region.isFullFrame)
    }

    @Test("once most of the screen is dirty the region becomes the full frame")
    func fullFrameFallback() {
        var region = DirtyRegion(bounds: screen)
        region.add(PixelRect(x: 0, y: 0, width: 800, height: 100))
        region.add(PixelRect(x: 0, y: 380, width: 800, height: 100))
        #expect(!region.isFullFrame)
        #expect(region.count == 2)
        region.add(PixelRect(x: 0, y: 150, width: 800, height: 180))
        #expect(region.isFullFrame)
        #expect(Array(region) == [screen])
        region.removeAll()
        #expect(region.isEmpty && !region.isFullFrame)
    }
}
