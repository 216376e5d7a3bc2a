public import PanelUI

/// A kiosk's settings page: sections of switches and sliders in a vertical scroll view, laid
/// out by stack views from the controls' intrinsic sizes. The demo's settings panel, the
/// scroll view's golden images and its benchmarks all use it.
@MainActor
public final class SettingsList {
    /// One row: a title and its control.
    public enum Row {
        case toggle(String, on: Bool)
        case level(String, value: Float)
    }

    /// The sections of the demo's settings page.
    public static let demoSections: [(title: String, rows: [Row])] = [
        ("DISPLAY", [.level("Brightness", value: 0.8), .toggle("Dim when idle", on: true), .level("Dim after", value: 0.3)]),
        ("SOUND", [.level("Volume", value: 0.5), .toggle("Key clicks", on: false), .toggle("Alarm chime", on: true)]),
        ("NETWORK", [.toggle("Wi-Fi", on: true), .toggle("Ethernet", on: false), .toggle("Remote support", on: false)]),
        ("KIOSK", [.toggle("Lock settings", on: false), .level("Screen saver", value: 0.6), .toggle("Show clock", on: true)]),
    ]

    /// The scroll view: put it in a window or a panel.
    public let scrollView: ScrollView
    /// The column of section headers and rows.
    public let stack: StackView
    /// The rows' controls, in order.
    public private(set) var switches: [Switch] = []
    public private(set) var sliders: [Slider] = []
    /// Row titles, by control, for logs.
    public private(set) var titles: [ObjectIdentifier: String] = [:]

    /// A settings page `frame` large with `sections`.
    public init(frame: Rect, sections: [(title: String, rows: [Row])] = SettingsList.demoSections) {
        scrollView = ScrollView(frame: frame)
        scrollView.paletteBackground = \.groupedBackground
        stack = StackView()
        stack.axis = .vertical
        stack.layoutMargins = EdgeInsets(top: 0, left: 0, bottom: 16, right: 0)
        for section in sections {
            let header = Label()
            header.text = section.title
            header.font = .caption
            // The palette's secondary label: 4.7:1 on the grouped background in light, where
            // the lighter .gray is 2.9:1.
            header.textRole = \.secondaryLabel
            header.accessibilityTraits = [.staticText, .header]
            let headerRow = StackView(arrangedSubviews: [header])
            headerRow.layoutMargins = EdgeInsets(top: 18, left: 16, bottom: 6, right: 16)
            stack.addArrangedSubview(headerRow)
            for row in section.rows { stack.addArrangedSubview(makeRow(row)) }
        }
        scrollView.addSubview(stack)
        let height = stack.intrinsicContentSize.height
        stack.frame = Rect(x: 0, y: 0, width: frame.width, height: height)
        scrollView.contentSize = Size(width: frame.width, height: height)
    }

    private func makeRow(_ row: Row) -> View {
        // Title, then room, then the control: a switch keeps its size at the right edge, a
        // slider takes the room after a 16-point gap.
        let text: String
        let control: Control
        let gap: Double
        switch row {
        case .toggle(let name, let on):
            let toggle = Switch()
            toggle.isOn = on
            switches.append(toggle)
            (text, control, gap) = (name, toggle, View.noIntrinsicMetric)
        case .level(let name, let value):
            let slider = Slider()
            slider.value = value
            sliders.append(slider)
            (text, control, gap) = (name, slider, 16)
        }
        let title = Label()
        title.font = .body
        title.text = text
        // The control speaks for its row: "Wi-Fi, on, switch", not the title and then an
        // unnamed switch.
        title.isAccessibilityElement = false
        control.accessibilityLabel = text
        titles[ObjectIdentifier(control)] = text
        let parts: [View] = [title, Self.gap(gap), control]
        let line = StackView(arrangedSubviews: parts)
        line.alignment = .center
        line.paletteBackground = \.secondaryBackground
        line.layoutMargins = EdgeInsets(top: 6, left: 16, bottom: 6, right: 16)
        return line
    }

    /// A blank of `width` points (noIntrinsicMetric: as wide as the room left).
    private static func gap(_ width: Double) -> View {
        final class Gap: View {
            var width = 0.0
            override var intrinsicContentSize: Size { Size(width: width, height: View.noIntrinsicMetric) }
        }
        let gap = Gap()
        gap.width = width
        gap.isUserInteractionEnabled = false
        return gap
    }
}
