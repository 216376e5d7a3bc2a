import BenchScreens
import PanelBench
import PanelCore
import PanelGraphics
import PanelLocale
import PanelUI

/// A screen whose view is built elsewhere (the kiosk's pages).
@MainActor
final class HostedScreen: ViewController {
    private let content: View

    init(title: String, view: View) {
        content = view
        super.init()
        self.title = title
    }

    override func loadView() { view = content }
}

/// The About sheet: what the demo runs on, and a Close button.
@MainActor
final class AboutSheet: ViewController {
    let lines: [String]
    let close = Button()

    init(lines: [String]) {
        self.lines = lines
        super.init()
        title = "About"
        modalPresentationStyle = .pageSheet
        preferredContentSize = Size(width: 0, height: 230)
    }

    override func viewDidLoad() {
        view.paletteBackground = \.background
        view.directionalLayoutMargins = DirectionalEdgeInsets(top: 8, leading: 20, bottom: 8, trailing: 20)
        let font = view.window?.application?.font(size: 18)
        let margins = view.layoutMarginsGuide
        var constraints: [LayoutConstraint] = []
        var above = margins.topAnchor
        for (index, text) in lines.enumerated() {
            let label = Label()
            label.text = text
            label.font = index == 0 ? .title : (font ?? .body)
            label.numberOfLines = 0
            label.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(label)
            constraints += [
                label.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                label.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                label.topAnchor.constraint(equalTo: above, constant: index == 0 ? 0 : 2),
            ]
            above = label.bottomAnchor
        }
        close.cornerRadius = 10
        close.addAction(.closure("closeAbout") { [unowned self] _, _ in self.dismiss(animated: true) }, for: .touchUpInside)
        close.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(close)
        constraints += [
            close.leadingAnchor.constraint(equalTo: margins.leadingAnchor), close.topAnchor.constraint(equalTo: above, constant: 12),
            close.widthAnchor.constraint(equalToConstant: 120), close.heightAnchor.constraint(equalToConstant: 44),
        ]
        LayoutConstraint.activate(constraints)
    }
}

/// The demo as a navigation app: a tab bar with the kiosk (a navigation stack: home, then
/// Settings, then Advanced), the sign-in page and a dashboard, and an About sheet from the home
/// screen.
@MainActor
final class DemoApp: NavigationControllerDelegate, TabBarControllerDelegate {
    let screen: KioskScreen
    let tabs: TabBarController
    let navigation: NavigationController
    let home: HostedScreen
    let settings: HostedScreen
    let advanced: HostedScreen
    let advancedList: SettingsList
    let signInPage: HostedScreen
    let about: AboutSheet
    let dashboard = DashboardPage()

    /// The area each page fills: the window under the navigation bar and above the tab bar.
    static func contentSize(of window: Size) -> Size {
        Size(width: window.width, height: max(window.height - NavigationBar.height - TabBar.height, 100))
    }

    init(window: Window, boardName: String, boardModel: String, fonts: FontFamily?) {
        let size = Self.contentSize(of: window.bounds.size)
        screen = KioskScreen(size: size, boardName: boardName, fonts: fonts)
        home = HostedScreen(title: "Kiosk", view: screen.root)
        settings = HostedScreen(title: "Settings", view: screen.settings.scrollView)
        advancedList = SettingsList(
            frame: Rect(origin: .zero, size: size),
            sections: [
                ("TOUCH", [.toggle("Show touches", on: false), .level("Palm rejection", value: 0.4), .toggle("Edge swipes", on: true)]),
                ("SERVICE", [.toggle("Watchdog", on: true), .toggle("Metrics", on: true)]),
            ])
        advanced = HostedScreen(title: "Advanced", view: advancedList.scrollView)
        signInPage = HostedScreen(title: "Sign in", view: screen.signIn.view)
        about = AboutSheet(lines: ["PanelKit demo", boardName, boardModel])
        navigation = NavigationController(rootViewController: home)
        navigation.tabBarItem.title = "Kiosk"
        navigation.tabBarItem.image = Self.icon { x, y in
            // Four tiles.
            let inTile = { (v: Double) in (2 ... 10).contains(v) || (14 ... 22).contains(v) }
            return inTile(x) && inTile(y)
        }
        signInPage.tabBarItem.title = "Sign in"
        signInPage.tabBarItem.image = Self.icon { x, y in
            // A head over shoulders.
            let head = (x - 12) * (x - 12) + (y - 8) * (y - 8) <= 25
            let shoulders = y >= 15 && y <= 22 && (x - 12) * (x - 12) + (y - 24) * (y - 24) <= 90
            return head || shoulders
        }
        signInPage.tabBarItem.badgeValue = "1"
        tabs = TabBarController(viewControllers: [navigation, signInPage, dashboard])
        navigation.delegate = self
        tabs.delegate = self
        home.navigationItem.rightBarButtonItem = BarButtonItem(
            title: "About", action: .closure("about") { [unowned self] _, _ in self.showAbout() })
        home.navigationItem.rightBarButtonItem?.accessibilityIdentifier = "about"
        settings.navigationItem.rightBarButtonItem = BarButtonItem(
            title: "Advanced", action: .closure("advanced") { [unowned self] _, _ in self.navigation.pushViewController(self.advanced, animated: true) })
        settings.navigationItem.rightBarButtonItem?.accessibilityIdentifier = "advanced"
        screen.onOpenSettings = { [unowned self] in
            self.screen.record("settings pushed")
            self.navigation.pushViewController(self.settings, animated: true)
        }
        screen.onOpenSignIn = { [unowned self] in
            self.screen.record("sign-in tab")
            self.tabs.selectedIndex = 1
            self.signInPage.tabBarItem.badgeValue = nil
        }
        screen.onCloseSignIn = { [unowned self] in self.tabs.selectedIndex = 0 }
        dashboard.record = { [unowned self] line in self.screen.record(line) }
        window.rootViewController = tabs
        screen.darkSwitch.isOn = window.application?.userInterfaceStyle == .dark
        if let code = window.application?.language.code {
            screen.signIn.language.selectedSegmentIndex = SignInPanel.languages.firstIndex { $0.language.code == code } ?? 0
        }
        // The titles of the screens, tabs and bar buttons, in the app's language.
        tabs.view.applyLanguage { [unowned self] _, strings in self.translate(strings) }
    }

    /// Puts the screens' titles, the tabs' and the bar buttons' in the language of `strings`.
    private func translate(_ strings: Translator) {
        home.title = strings.localized("Kiosk")
        navigation.tabBarItem.title = home.title
        settings.title = strings.localized("Settings")
        advanced.title = strings.localized("Advanced")
        signInPage.title = strings.localized("Sign in")
        signInPage.tabBarItem.title = signInPage.title
        dashboard.title = strings.localized("Dashboard")
        dashboard.tabBarItem.title = dashboard.title
        about.title = strings.localized("About")
        about.close.setTitle(strings.localized("Close"), for: .normal)
        home.navigationItem.rightBarButtonItem?.title = strings.localized("About")
        settings.navigationItem.rightBarButtonItem?.title = strings.localized("Advanced")
    }

    /// A 24 × 24 icon in UIKit's blue where `inside` says so (pixel centres, 0…24).
    static func icon(_ inside: (Double, Double) -> Bool) -> Image? {
        var rgba = [UInt8](repeating: 0, count: 24 * 24 * 4)
        for y in 0 ..< 24 {
            for x in 0 ..< 24 where inside(Double(x) + 0.5, Double(y) + 0.5) {
                let i = (y * 24 + x) * 4
                rgba[i] = 0x00
                rgba[i + 1] = 0x7A
                rgba[i + 2] = 0xFF
                rgba[i + 3] = 255
            }
        }
        return try? Image(width: 24, height: 24, rgba: rgba)
    }

    private func showAbout() {
        screen.record("about sheet")
        home.present(about, animated: true)
    }

    /// The screens the stack came to show, in order, by their English names (their titles are
    /// in the app's language).
    private(set) var shownScreens: [String] = []

    func navigationController(_ navigationController: NavigationController, didShow controller: ViewController, animated: Bool) {
        shownScreens.append(controller === home ? "Kiosk" : controller === settings ? "Settings" : controller === advanced ? "Advanced" : "?")
        screen.record("showing \(controller.title ?? "?")", touch: false)
        if controller === home { _ = screen.root.becomeFirstResponder() }
    }

    func tabBarController(_ tabBarController: TabBarController, didSelect controller: ViewController) {
        screen.record("tab \(controller.tabBarItem.title ?? "?")")
        if controller === signInPage { signInPage.tabBarItem.badgeValue = nil }
    }
}
