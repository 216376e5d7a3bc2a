public import PanelCore
public import PanelUI

/// Views found by what they are, when the action comes: an accessibility identifier, a label
/// (a button's title, a field's placeholder), a key of the on-screen keyboard. As XCUITest
/// finds `app.buttons["Pay"]` at the moment it taps, a session written this way does not
/// depend on where a screen put things, in which language or on which panel.
extension SessionScript {
    /// A tap on the view whose `View.accessibilityIdentifier` is `identifier` when the tap
    /// comes, at `point` in it (fractions of its size). No such view on the screen then, two of
    /// them, or one a finger cannot reach fails the session, naming them.
    public func tap(identifier: String, at ms: Int64, hold: Int64 = 70, point: Point = Point(x: 0.5, y: 0.5)) {
        tap(at: ms, hold: hold) { [unowned self] in
            let found = window.views(identifiedBy: identifier).map { ($0, $0.convert($0.bounds, to: nil)) }
            return locate(found, what: "view with identifier \"\(identifier)\"", at: ms, point: point)
        }
    }

    /// A tap on the view whose `View.accessibilityLabel` is `label` when the tap comes (a
    /// button's title, a field's placeholder, a label set by the app), or on the part so named
    /// of a view that has parts (a segment: `AccessibilityParts`). No such view, two of
    /// them, or one a finger cannot reach fails the session, naming them.
    public func tap(label: String, at ms: Int64, hold: Int64 = 70, point: Point = Point(x: 0.5, y: 0.5)) {
        tap(at: ms, hold: hold) { [unowned self] in locate(label: label, at: ms, point: point) }
    }

    /// A tap at `point` where no view is meant to take it (outside a menu, to close it): unlike
    /// ``tap(at:at:hold:)``, touching nothing is what the script expects. A point off the screen
    /// still fails.
    public func tapOutside(at point: Point, at ms: Int64, hold: Int64 = 70) {
        tap(at: ms, hold: hold) { [unowned self] in
            window.bounds.contains(point)
                ? .success(point) : .failure("the tap at \(ms) ms at (\(Int(point.x)), \(Int(point.y))) is off this \(screenSize) screen")
        }
    }

    /// A finger that lands on the view labelled `label` when its time comes, slides `offset`
    /// points from there over `duration` ms, rests 40 ms and lifts (a drag of a thumb).
    public func drag(label: String, by offset: Point, at ms: Int64, over duration: Int64 = 300) {
        finger(
            at: ms, lasting: duration + 40,
            locate: { [unowned self] in locate(label: label, at: ms, point: Point(x: 0.5, y: 0.5)) },
            Self.slide(by: offset, at: ms, over: duration))
    }

    /// A finger that lands on the view `find` returns when its time comes (a page that
    /// scrolls, a list), at `point` in it (fractions of its size; the middle by default),
    /// slides `offset` points over `duration` ms, rests 40 ms and lifts; `name` names it in the
    /// session's errors. A nil view, or one a finger cannot reach then, fails the session.
    public func drag(
        at ms: Int64, on name: String, from point: Point = Point(x: 0.5, y: 0.5), by offset: Point, over duration: Int64 = 300,
        _ find: @escaping @MainActor () -> View?
    ) {
        finger(
            at: ms, lasting: duration + 40,
            locate: { [unowned self] in
                guard let view = find() else { return .failure("the drag at \(ms) ms on \(name) finds no such view on the screen then") }
                return reach(view, named: name, at: ms, point: point)
            }, Self.slide(by: offset, at: ms, over: duration))
    }

    /// A finger's path from where it lands: `offset` over `duration` ms, 40 ms still, lifted.
    private static func slide(by offset: Point, at ms: Int64, over duration: Int64) -> @MainActor (Int, Point) -> ScriptedFinger {
        { number, start in
            ScriptedFinger(number).down(at: start, after: .milliseconds(ms))
                .move(to: Point(x: start.x + offset.x, y: start.y + offset.y), over: .milliseconds(duration))
                .hold(for: .milliseconds(40)).lift()
        }
    }

    /// Types `text` (XCUITest's `typeText`) on the on-screen keyboard that is up when each key's
    /// time comes: a tap on each character's key, `every` ms apart from `ms` (shift first for a
    /// capital letter, "space" for a space). Where the standard pages need a page change
    /// ("123" before a digit that follows letters, "ABC" before a letter after digits), a slot
    /// before the character taps the page key, if its key is still not shown then. Returns when the last key is tapped. A key the keyboard shown then
    /// does not have, or no keyboard, fails the session naming the key.
    @discardableResult
    public func typeText(_ text: String, at ms: Int64, every: Int64 = 200) -> Int64 {
        var time = ms
        var page = KeyPage.letters
        for character in text {
            let key = character == " " ? "space" : character.lowercased()
            // The page changes the standard pages need ("123" before a digit after letters),
            // each tapped only if the key is still not shown when its time comes.
            let changes = page.changes(toReach: character)
            for _ in 0 ..< changes.count {
                pageTap(toReach: key, at: time)
                time += every
            }
            page = changes.page
            if character.isUppercase, character.lowercased() != String(character) {
                keyTap("shift", at: time)
                time += every
            }
            keyTap(key, at: time)
            time += every
        }
        return time - every
    }

    /// A tap on the page key that brings `key` on screen, when the keyboard up at `ms` does not
    /// show it; else nothing (and nothing is reported).
    private func pageTap(toReach key: String, at ms: Int64) {
        tap(at: ms, hold: 70) { [unowned self] in
            guard let keyboard = window.keyboard, keyboard.window === window, !keyboard.isHidden,
                let page = keyboard.pageKey(toReach: key), let frame = keyboard.frame(ofKey: page)
            else { return .failure(.nothingToDo) }
            return .success(keyboard.convert(Point(x: frame.midX, y: frame.midY), to: nil))
        }
    }

    /// Taps the key titled `title` ("shift", "return", "a") of the keyboard up at `ms`.
    public func keyTap(_ title: String, at ms: Int64, hold: Int64 = 70) {
        tap(at: ms, hold: hold) { [unowned self] in
            guard let keyboard = window.keyboard, keyboard.window === window, !keyboard.isHidden else {
                return .failure("the key \"\(title)\" at \(ms) ms has no on-screen keyboard to be typed on (no text field is editing then)")
            }
            guard let frame = keyboard.frame(ofKey: title) else {
                return .failure("the key \"\(title)\" at \(ms) ms is not on the keyboard shown then (keys: \(keyboard.keyTitles.joined(separator: " ")))")
            }
            return .success(keyboard.convert(Point(x: frame.midX, y: frame.midY), to: nil))
        }
    }

    /// The one view labelled `label`, or part of a view so labelled (`AccessibilityParts`),
    /// as a place a finger can touch (`point` in it); else why not.
    func locate(label: String, at ms: Int64, point: Point) -> Result<Point, TapProblem> {
        let found = window.elements(labelled: label)
        return locate(found, what: "view or part labelled \"\(label)\"", at: ms, point: point)
    }

    /// The one of `found` (`what` they are, for errors) as a place a finger can touch (`point`
    /// in its frame, as fractions of its size); else why not.
    private func locate(_ found: [(view: View, frame: Rect)], what: String, at ms: Int64, point: Point) -> Result<Point, TapProblem> {
        guard let element = found.first else {
            return .failure("the tap at \(ms) ms finds no \(what) on the screen then (\(screenName))")
        }
        guard found.count == 1 else {
            let places = found.prefix(4).map { "\(Self.name(of: $0.view)) at (\(Int($0.frame.minX)), \(Int($0.frame.minY)))" }
            return .failure(
                "the tap at \(ms) ms finds \(found.count) of \(what): \(places.joined(separator: " and ")); give one an accessibilityIdentifier")
        }
        // The point within the element, as a fraction of its view's size.
        let bounds = element.view.convert(element.view.bounds, to: nil)
        guard bounds.width > 0, bounds.height > 0 else {
            return .failure("the tap at \(ms) ms finds the \(what) empty (\(Self.name(of: element.view)) is not laid out)")
        }
        let x = (element.frame.minX + element.frame.width * point.x - bounds.minX) / bounds.width
        let y = (element.frame.minY + element.frame.height * point.y - bounds.minY) / bounds.height
        return reach(element.view, named: "the \(what)", at: ms, point: Point(x: x, y: y))
    }

    /// What the screen shows, for errors: the controller on top, by type and title.
    private var screenName: String {
        var controller = window.rootViewController
        while let presented = controller?.presentedViewController { controller = presented }
        while true {
            if let navigation = controller as? NavigationController, let top = navigation.topViewController {
                controller = top
            } else if let tabs = controller as? TabBarController, let selected = tabs.selectedViewController {
                controller = selected
            } else {
                break
            }
        }
        guard let controller else { return "the window has no root view controller" }
        return "showing \(type(of: controller))\(controller.title.map { " \"\($0)\"" } ?? "")"
    }
}

/// The on-screen keyboard's standard pages, to count the page changes typed text needs.
private enum KeyPage {
    case letters, numbers, symbols

    /// The pages that have `character`'s key.
    static func pages(having character: Character) -> [KeyPage] {
        if character == " " { return [.letters, .numbers, .symbols] }
        if "1234567890-/:;()$&@\"".contains(character) { return [.numbers] }
        if ".,?!'".contains(character) { return [.numbers, .symbols] }
        if "[]{}#%^*+=_\\|~<>€£¥•".contains(character) { return [.symbols] }
        return [.letters]
    }

    /// How many page changes reach `character` from this page, and the page it is on then.
    func changes(toReach character: Character) -> (count: Int, page: KeyPage) {
        let targets = Self.pages(having: character)
        if targets.contains(self) { return (0, self) }
        // Letters reach symbols through numbers; every other change is one tap.
        if self == .letters, targets == [.symbols] { return (2, .symbols) }
        return (1, targets[0])
    }
}
