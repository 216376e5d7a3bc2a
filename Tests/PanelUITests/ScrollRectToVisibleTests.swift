import PanelCore
import PanelGraphics
import PanelUI
import Testing

/// `scrollRectToVisible(_:animated:)`: the least scroll that shows a part of the content.
@Suite("Scroll view: scrolling a rectangle into sight, as UIKit's scrollRectToVisible")
@MainActor
struct ScrollRectToVisibleTests {
    func page() -> ScrollView {
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        scroll.contentSize = Size(width: 200, height: 1000)
        return scroll
    }

    @Test("a rectangle below the visible part scrolls up just far enough to show its bottom edge")
    func scrollsDownToTheRectangle() {
        let scroll = page()
        scroll.scrollRectToVisible(Rect(x: 0, y: 300, width: 50, height: 40), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 240))
    }

    @Test("a rectangle above the visible part scrolls back to its top edge")
    func scrollsUpToTheRectangle() {
        let scroll = page()
        scroll.contentOffset = Point(x: 0, y: 500)
        scroll.scrollRectToVisible(Rect(x: 0, y: 200, width: 50, height: 40), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 200))
    }

    @Test("a rectangle already in sight leaves the content where it is")
    func rectangleInSightDoesNotScroll() {
        let scroll = page()
        scroll.contentOffset = Point(x: 0, y: 50)
        scroll.scrollRectToVisible(Rect(x: 0, y: 60, width: 50, height: 40), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 50))
    }

    @Test("a rectangle past the content's end scrolls no further than the end")
    func staysWithinTheContent() {
        let scroll = page()
        scroll.scrollRectToVisible(Rect(x: 0, y: 990, width: 50, height: 400), animated: false)
        #expect(scroll.contentOffset == scroll.maximumContentOffset)
    }

    @Test("a bottom inset (a keyboard over the page) counts as out of sight")
    func bottomInsetIsOutOfSight() {
        let scroll = page()
        scroll.contentInset = EdgeInsets(top: 0, left: 0, bottom: 50, right: 0)
        scroll.scrollRectToVisible(Rect(x: 0, y: 60, width: 50, height: 20), animated: false)
        #expect(scroll.contentOffset == Point(x: 0, y: 30))
    }
}
