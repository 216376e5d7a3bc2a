import PanelGraphics

/// The order a screen reader visits a window's elements in: the focus order. Elements with a
/// ``View/focusOrder`` come first, by it; the rest follow in reading order, top to bottom, then
/// left to right. A container that lists ``View/accessibilityElements`` is read in its own order,
/// as one block where the container stands. A visible view that is
/// ``View/accessibilityViewIsModal`` (an alert, a sheet) keeps reading inside it.
extension Window {
    /// The elements a screen reader visits, in order. Hidden and transparent views, and views
    /// with ``View/accessibilityElementsHidden``, are skipped with everything in them; an
    /// element's own subviews are not read (it speaks for them).
    public func accessibilityReadingOrder() -> [View] {
        let root = accessibilityModalView() ?? self
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        if let elements = root.accessibilityElements { return listed(elements, visited: &visited) }
        if root !== self, root.isAccessibilityElement { return [root] }
        return naturalOrder(in: root, visited: &visited)
    }

    /// The front-most visible view that is modal for a reader, if any.
    public func accessibilityModalView() -> View? {
        var found: View?
        func walk(_ view: View) {
            guard isReadable(view) else { return }
            if view !== self, view.accessibilityViewIsModal { found = view }
            for subview in view.subviews { walk(subview) }
        }
        walk(self)
        return found
    }

    /// Whether `a` (with its frame in window coordinates) comes before `b` in focus and reading
    /// order.
    static func readsBefore(_ a: (view: View, frame: Rect), _ b: (view: View, frame: Rect)) -> Bool {
        switch (a.view.focusOrder, b.view.focusOrder) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return abs(a.frame.minY - b.frame.minY) > 1 ? a.frame.minY < b.frame.minY : a.frame.minX < b.frame.minX
        }
    }

    private func isReadable(_ view: View) -> Bool {
        !view.isHidden && view.alpha > 0 && !view.accessibilityElementsHidden
    }

    /// The elements under `container` in focus and reading order, containers with their own
    /// lists kept whole.
    private func naturalOrder(in container: View, visited: inout Set<ObjectIdentifier>) -> [View] {
        var entries: [(view: View, frame: Rect, elements: [View])] = []
        func walk(_ view: View) {
            for subview in view.subviews where isReadable(subview) {
                if let elements = subview.accessibilityElements {
                    guard visited.insert(ObjectIdentifier(subview)).inserted else { continue }
                    entries.append((subview, subview.convert(subview.bounds, to: self), listed(elements, visited: &visited)))
                } else if subview.isAccessibilityElement {
                    entries.append((subview, subview.convert(subview.bounds, to: self), [subview]))
                } else {
                    walk(subview)
                }
            }
        }
        walk(container)
        entries.sort { Window.readsBefore(($0.view, $0.frame), ($1.view, $1.frame)) }
        return entries.flatMap(\.elements)
    }

    /// A container's own list: each entry an element, a container with its own list, or a
    /// subtree read in natural order. Entries outside this window or hidden are skipped, and a
    /// container already being read (two that list each other) is read once, not forever.
    private func listed(_ elements: [View], visited: inout Set<ObjectIdentifier>) -> [View] {
        var result: [View] = []
        for element in elements where element.window === self && isReadable(element) {
            if let nested = element.accessibilityElements, element !== self {
                guard visited.insert(ObjectIdentifier(element)).inserted else { continue }
                result.append(contentsOf: listed(nested, visited: &visited))
            } else if element.isAccessibilityElement {
                result.append(element)
            } else {
                guard visited.insert(ObjectIdentifier(element)).inserted else { continue }
                result.append(contentsOf: naturalOrder(in: element, visited: &visited))
            }
        }
        return result
    }
}
