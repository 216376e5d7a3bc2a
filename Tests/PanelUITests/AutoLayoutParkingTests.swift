import PanelCore
import PanelLayout
import Testing

@testable import PanelUI

/// A view controller whose view holds a heading and a box that constraints place.
@MainActor
private final class PageController: ViewController {
    let heading = Label()
    let box = View()
    var boxWidth: LayoutConstraint!

    override func loadView() {
        view = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        heading.text = "Page"
        for subview in [heading, box] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        boxWidth = box.widthAnchor.constraint(equalToConstant: 120)
        LayoutConstraint.activate([
            heading.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
            heading.topAnchor.constraint(equalTo: view.topAnchor, constant: 10),
            box.leadingAnchor.constraint(equalTo: heading.trailingAnchor, constant: 8),
            box.topAnchor.constraint(equalTo: heading.bottomAnchor, constant: 4),
            boxWidth,
            box.heightAnchor.constraint(equalTo: view.heightAnchor, multiplier: 0.5),
        ])
    }
}

/// A window with a container, and a page shown in it.
@MainActor
private func shownPage() -> (Window, View, PageController) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
    let container = View(frame: window.bounds)
    window.addSubview(container)
    let page = PageController()
    container.addSubview(page.view)
    window.layoutIfNeeded()
    return (window, container, page)
}

@Suite("Auto Layout: a view controller's screen that leaves the window is kept solved for its return")
@MainActor
struct AutoLayoutParkingTests {
    @Test("a screen that comes back unchanged keeps its constraints' solver IDs and its frames")
    func unchangedScreenComesBackWhole() {
        let (window, container, page) = shownPage()
        let frames = [page.heading.frame, page.box.frame]
        let ids = page.view.constraints.map { $0.solverID?.id }
        let count = window.layoutEngine.constraintCount
        page.view.removeFromSuperview()
        #expect(window.layoutEngine.solver.parkedBlockCount == 1)
        #expect(window.layoutEngine.constraintCount < count)
        container.addSubview(page.view)
        window.layoutIfNeeded()
        #expect(window.layoutEngine.solver.parkedBlockCount == 0)
        #expect(window.layoutEngine.constraintCount == count)
        #expect(page.view.constraints.map { $0.solverID?.id } == ids)
        #expect([page.heading.frame, page.box.frame] == frames)
    }

    @Test("a constant changed while the screen was away is laid out when it comes back")
    func constantChangedAwayIsApplied() {
        let (window, container, page) = shownPage()
        page.view.removeFromSuperview()
        page.boxWidth.constant = 200
        container.addSubview(page.view)
        window.layoutIfNeeded()
        #expect(page.box.frame.width == 200)
    }

    @Test("a priority changed while the screen was away is laid out when it comes back")
    func priorityChangedAwayIsApplied() {
        let (window, container, page) = shownPage()
        page.boxWidth.isActive = false
        let narrow = page.box.widthAnchor.constraint(equalToConstant: 50)
        narrow.priority = LayoutPriority(rawValue: 600)
        let wide = page.box.widthAnchor.constraint(equalToConstant: 300)
        wide.priority = LayoutPriority(rawValue: 500)
        LayoutConstraint.activate([narrow, wide])
        window.layoutIfNeeded()
        page.view.removeFromSuperview()
        wide.priority = LayoutPriority(rawValue: 700)
        container.addSubview(page.view)
        window.layoutIfNeeded()
        #expect(page.box.frame.width == 300)
    }

    @Test("a baseline constraint is measured again when its screen comes back, its label's font changed while away")
    func baselineConstraintMeasuredOnReturn() {
        let (window, container, page) = shownPage()
        let note = Label()
        note.font = .system(size: 12)
        note.text = "note"
        note.translatesAutoresizingMaskIntoConstraints = false
        page.view.addSubview(note)
        LayoutConstraint.activate([
            note.leadingAnchor.constraint(equalTo: page.view.leadingAnchor, constant: 300),
            note.firstBaselineAnchor.constraint(equalTo: page.heading.firstBaselineAnchor),
        ])
        window.layoutIfNeeded()
        page.view.removeFromSuperview()
        page.heading.font = .system(size: 40)
        container.addSubview(page.view)
        window.layoutIfNeeded()
        #expect(window.layoutEngine.solver.parkedBlockCount == 0)
        let headingBaseline = page.heading.frame.minY + Double(Font.system(size: 40).ascent)
        let noteBaseline = note.frame.minY + Double(Font.system(size: 12).ascent)
        #expect(abs(headingBaseline - noteBaseline) <= 1)
    }

    @Test("a hugging priority raised while the screen was away holds its view to its content when it comes back")
    func huggingChangedAwayIsApplied() {
        let (window, container, page) = shownPage()
        let wide = page.heading.widthAnchor.constraint(equalToConstant: 300)
        wide.priority = LayoutPriority(rawValue: 500)
        wide.isActive = true
        window.layoutIfNeeded()
        #expect(page.heading.frame.width == 300)
        page.view.removeFromSuperview()
        page.heading.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        container.addSubview(page.view)
        window.layoutIfNeeded()
        #expect(window.layoutEngine.solver.parkedBlockCount == 0)
        #expect(page.heading.frame.width == page.heading.intrinsicContentSize.width)
    }

    @Test("a frame set while the screen was away places it when it comes back")
    func frameChangedAwayIsApplied() {
        let (window, container, page) = shownPage()
        page.view.removeFromSuperview()
        page.view.frame = Rect(x: 0, y: 0, width: 400, height: 100)
        container.addSubview(page.view)
        window.layoutIfNeeded()
        #expect(page.box.frame.height == 50)
    }

    @Test("text changed while the screen was away moves what follows it when it comes back")
    func intrinsicSizeChangedAwayIsApplied() {
        let (window, container, page) = shownPage()
        let before = page.box.frame.minX
        page.view.removeFromSuperview()
        page.heading.text = "A much longer page title"
        container.addSubview(page.view)
        window.layoutIfNeeded()
        #expect(page.box.frame.minX > before)
        #expect(page.box.frame.minX == page.heading.frame.maxX + 8)
    }

    @Test("a screen given a new constrained view while away is laid out afresh, the new view included")
    func changedSubtreeIsLaidOutAfresh() {
        let (window, container, page) = shownPage()
        page.view.removeFromSuperview()
        let extra = View()
        extra.translatesAutoresizingMaskIntoConstraints = false
        page.view.addSubview(extra)
        LayoutConstraint.activate([
            extra.leadingAnchor.constraint(equalTo: page.box.trailingAnchor, constant: 5),
            extra.topAnchor.constraint(equalTo: page.box.topAnchor), extra.widthAnchor.constraint(equalToConstant: 30),
            extra.heightAnchor.constraint(equalToConstant: 30),
        ])
        container.addSubview(page.view)
        window.layoutIfNeeded()
        #expect(window.layoutEngine.solver.parkedBlockCount == 0)
        #expect(extra.frame.minX == page.box.frame.maxX + 5)
        #expect(page.box.frame.width == 120)
    }

    @Test("a screen moved to another window is laid out there, and its parked block goes when it leaves that window")
    func screenMovedToAnotherWindow() {
        let (window, _, page) = shownPage()
        page.view.removeFromSuperview()
        let other = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        other.addSubview(page.view)
        other.layoutIfNeeded()
        #expect(page.box.frame.width == 120)
        #expect(page.box.frame.height == 150)
        #expect(window.layoutEngine.solver.parkedBlockCount == 1)
    }

    @Test("a screen freed while away leaves nothing parked once another screen leaves")
    func freedScreenIsDropped() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let container = View(frame: window.bounds)
        window.addSubview(container)
        var page: PageController? = PageController()
        container.addSubview(page!.view)
        window.layoutIfNeeded()
        page?.view.removeFromSuperview()
        #expect(window.layoutEngine.solver.parkedBlockCount == 1)
        page = nil
        let second = PageController()
        container.addSubview(second.view)
        window.layoutIfNeeded()
        second.view.removeFromSuperview()
        #expect(window.layoutEngine.solver.parkedBlockCount == 1)
    }

    @Test("no more than eight screens stay parked, the oldest dropped first, and a dropped one is laid out afresh")
    func parkedScreensAreBounded() {
        let (window, container, first) = shownPage()
        first.view.removeFromSuperview()
        var pages = [first]
        for _ in 0 ..< LayoutEngine.parkedScreenLimit {
            let page = PageController()
            container.addSubview(page.view)
            window.layoutIfNeeded()
            page.view.removeFromSuperview()
            pages.append(page)
        }
        #expect(window.layoutEngine.solver.parkedBlockCount == LayoutEngine.parkedScreenLimit)
        container.addSubview(first.view)
        window.layoutIfNeeded()
        #expect(first.box.frame.width == 120)
        #expect(first.box.frame.minX == first.heading.frame.maxX + 8)
    }
}
