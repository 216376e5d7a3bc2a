import GoldenImages
import PanelBench
import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("The navigation bar places its title as UIKit does: centred, then off centre, then truncated")
@MainActor
struct NavigationBarTitleTests {
    /// A navigation controller `width` wide showing `back`, then `title` pushed over it with a
    /// "Pay" button on the right.
    private func bar(width: Int, title: String, back: String = "Your zones") -> (NavigationBar, Bench, MemoryFramebuffer) {
        let (bench, framebuffer) = goldenBench("xrgb8888", width: width, height: 100, background: .white)
        let zones = ViewController()
        zones.title = back
        let screen = ViewController()
        screen.title = title
        screen.navigationItem.rightBarButtonItem = BarButtonItem(title: "Pay")
        let navigation = NavigationController(rootViewController: zones)
        bench.window.rootViewController = navigation
        navigation.pushViewController(screen, animated: false)
        bench.animate(milliseconds: 100)
        return (navigation.navigationBar, bench, framebuffer)
    }

    @Test("a title that fits in the middle is centred on the bar")
    func centred() {
        let (bar, _, _) = bar(width: 800, title: "Buy ticket")
        #expect(abs(bar.titleLabel.frame.midX - 400) <= 1)
        #expect(bar.titleLabel.frame.width >= bar.titleLabel.intrinsicContentSize.width)
    }

    @Test("on 320 points, \"Buy ticket\" moves off centre and is shown whole instead of truncated")
    func offCentreBeforeTruncating() {
        let (bar, _, _) = bar(width: 320, title: "Buy ticket")
        let title = bar.titleLabel.frame
        #expect(title.width >= bar.titleLabel.intrinsicContentSize.width)
        #expect(abs(title.midX - 160) > 1)
        #expect(title.minX >= bar.backButton.frame.maxX)
    }

    @Test("the back button shortens to its chevron before a long title is truncated, and keeps its name for a reader")
    func backShortensFirst() {
        let (bar, _, _) = bar(width: 320, title: "Choose the zones you travel through")
        #expect(bar.backButton.title(for: .normal) == "")
        #expect(bar.backButton.accessibilityLabel == "Your zones")
        #expect(bar.titleLabel.frame.width < bar.titleLabel.intrinsicContentSize.width)
        #expect(bar.titleLabel.frame.minX >= bar.backButton.frame.maxX)
    }

    @Test("the bar's title at 320, 480 and 800 points wide", arguments: [320, 480, 800])
    func golden(width: Int) throws {
        let (_, _, framebuffer) = bar(width: width, title: "Buy ticket")
        try GoldenImage.check("navigation-title-\(width)", framebuffer)
    }

    @Test("a long title at 320 points: chevron-only back, title truncated between the items")
    func goldenLong() throws {
        let (_, _, framebuffer) = bar(width: 320, title: "Choose the zones you travel through")
        try GoldenImage.check("navigation-title-long-320", framebuffer)
    }
}
