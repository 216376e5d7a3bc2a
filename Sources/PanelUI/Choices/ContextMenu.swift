/// A menu of actions that a long press on a view opens (UIKit's context menu interaction, in
/// spirit): the entries appear beside the finger, inside the window; a tap on one closes the
/// menu and runs it, a tap anywhere else closes the menu.
///
/// ```swift
/// let menu = ContextMenu(on: tile) { [
///     MenuAction(title: "Start") { machine.start() },
///     MenuAction(title: "Reset counters", isDestructive: true) { machine.reset() },
/// ] }
/// ```
///
/// The entries are asked for each time the menu opens, so they can depend on the moment; a menu
/// with no entries does not open.
@MainActor
public final class ContextMenu {
    /// The view a long press opens the menu on.
    public private(set) weak var view: View?
    /// The long press that opens the menu (its ``LongPressGestureRecognizer/minimumPressDuration``
    /// is 0.5 s).
    public let gesture = LongPressGestureRecognizer()
    /// The entries, asked for when the menu opens.
    public var actions: @MainActor () -> [MenuAction]
    /// The open menu, if any.
    var panel: ContextMenuPanel?

    /// A menu of `actions` on `view`: adds its long press to the view (and keeps the menu alive
    /// as long as the view).
    public init(on view: View, actions: @escaping @MainActor () -> [MenuAction]) {
        self.view = view
        self.actions = actions
        gesture.name = "contextMenu"
        gesture.addTarget(
            nil,
            action: .closure("contextMenu") { [weak self] sender, _ in
                guard let self, let press = sender as? LongPressGestureRecognizer, press.state == .began else { return }
                self.open(at: press.location(in: nil))
            })
        view.addGestureRecognizer(gesture)
        view.contextMenus.append(self)
    }

    /// Whether the menu is open.
    public var isOpen: Bool { panel != nil }

    /// Opens the menu at `point` (window coordinates), kept inside the window.
    public func open(at point: Point) {
        guard panel == nil, let window = view?.window else { return }
        let entries = actions()
        guard !entries.isEmpty else { return }
        let panel = ContextMenuPanel(menu: self, actions: entries)
        window.addSubview(panel)
        panel.frame = window.bounds
        panel.place(at: point)
        self.panel = panel
    }

    /// Closes the menu without running anything.
    public func close() {
        panel?.removeFromSuperview()
        panel = nil
    }

    /// An entry was tapped: the menu closes, then the entry runs.
    func run(_ action: MenuAction) {
        close()
        action.handler()
    }
}

/// What an open ``ContextMenu`` puts on its window: a clear backdrop whose tap closes the menu,
/// and a card of the entries beside the finger.
@MainActor
final class ContextMenuPanel: View {
    unowned let menu: ContextMenu
    let card = View()
    let entries: [MenuAction]
    private(set) var buttons: [Button] = []

    /// An entry's height and the card's width.
    static let rowHeight = 44.0
    static let width = 220.0

    init(menu: ContextMenu, actions: [MenuAction]) {
        self.menu = menu
        entries = actions
        super.init(frame: .zero)
        card.paletteBackground = \.secondaryBackground
        card.cornerRadius = 12
        card.borderWidth = 1
        card.paletteBorder = \.border
        addSubview(card)
        for (i, entry) in actions.enumerated() {
            let button = Button(frame: Rect(x: 0, y: Double(i) * Self.rowHeight, width: Self.width, height: Self.rowHeight))
            button.setTitle(entry.title, for: .normal)
            let destructive = entry.isDestructive
            button.applyTheme { button, palette in
                button.setTitleColor(destructive ? palette.destructive : palette.label, for: .normal)
                button.setBackgroundColor(palette.secondaryBackground, for: .normal)
                button.setBackgroundColor(palette.fill, for: .highlighted)
            }
            button.addAction(.closure("menuEntry") { [unowned self] _, _ in self.menu.run(entry) }, for: .touchUpInside)
            card.addSubview(button)
            buttons.append(button)
            if i > 0 {
                let line = View(frame: Rect(x: 0, y: Double(i) * Self.rowHeight, width: Self.width, height: 1))
                line.paletteBackground = \.fill
                line.isUserInteractionEnabled = false
                card.addSubview(line)
            }
        }
    }

    /// Sets the card beside `point`: to its right and below, moved left or up to stay inside
    /// the window (the entries past its height scroll off: a menu is a few entries).
    func place(at point: Point) {
        let height = Double(entries.count) * Self.rowHeight
        let x = min(max(point.x + 8, 8), max(bounds.width - Self.width - 8, 8))
        let y = min(max(point.y + 8, 8), max(bounds.height - height - 8, 8))
        card.frame = Rect(x: x, y: y, width: Self.width, height: min(height, max(bounds.height - 16, Self.rowHeight)))
        card.clipsToBounds = true
    }

    // A tap on the backdrop closes the menu.
    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        menu.close()
    }
}
