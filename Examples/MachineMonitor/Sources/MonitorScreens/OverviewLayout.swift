import PanelKit

/// How the overview is arranged on the panel it is shown on.
enum OverviewArrangement: Hashable {
    /// Landscape with room (800×480 and up): the heading and the lights in one row, the chart
    /// on the leading side, the gauges and the alarms beside it.
    case wide
    /// A narrow landscape panel (480×272): as wide, with the lights unnamed and the side column
    /// half the screen.
    case narrow
    /// Portrait: the header in two rows, then the chart, the gauges and the alarms one above
    /// the other.
    case tall

    /// The arrangement for a view of `size` with `traits`.
    init(size: Size, traits: TraitCollection) {
        if size.height > size.width {
            self = .tall
        } else {
            self = traits.horizontalSizeClass == .compact ? .narrow : .wide
        }
    }
}

extension OverviewController {
    /// Adds the overview's parts and the constraints every arrangement shares; the rest follow
    /// the panel in `viewWillLayoutSubviews`.
    func layOut() {
        gauges.distribution = .fillEqually
        gauges.spacing = 4
        gauges.addArrangedSubview(temperatureGauge)
        gauges.addArrangedSubview(pressureGauge)
        let lightsRow = StackView(
            arrangedSubviews: zip(lights, lightNames).map { light, name in
                let pair = StackView(arrangedSubviews: [light, name])
                pair.spacing = 6
                pair.alignment = .center
                return pair
            })
        lightsRow.spacing = 14
        for part in [heading, connection, lightsRow, chart, gauges, alarmList] as [View] {
            part.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(part)
        }
        let margins = view.layoutMarginsGuide
        LayoutConstraint.activate([
            heading.topAnchor.constraint(equalTo: margins.topAnchor),
            heading.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            connection.leadingAnchor.constraint(equalTo: heading.trailingAnchor, constant: 12),
            connection.firstBaselineAnchor.constraint(equalTo: heading.firstBaselineAnchor),
            chart.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            alarmList.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            alarmList.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            alarmList.leadingAnchor.constraint(equalTo: gauges.leadingAnchor),
            alarmList.topAnchor.constraint(equalTo: gauges.bottomAnchor, constant: 6),
            gauges.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            gauges.heightAnchor.constraint(equalTo: gauges.widthAnchor, multiplier: 0.5),
        ])
        // The chart, the gauges and the list take the room left over: they neither hug their
        // natural sizes (a tie with the heading's would leave the layout ambiguous) nor resist
        // being made smaller.
        for part in [chart, gauges, alarmList] as [View] {
            for axis in [LayoutConstraint.Axis.horizontal, .vertical] {
                part.setContentHuggingPriority(.fittingSizeLevel, for: axis)
                part.setContentCompressionResistancePriority(.fittingSizeLevel, for: axis)
            }
        }
        // Beside the chart, in a row with the lights: landscape.
        let beside = [
            lightsRow.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            lightsRow.centerYAnchor.constraint(equalTo: heading.centerYAnchor),
            lightsRow.leadingAnchor.constraint(greaterThanOrEqualTo: connection.trailingAnchor, constant: 12),
            chart.topAnchor.constraint(equalTo: heading.bottomAnchor, constant: 6),
            chart.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            gauges.leadingAnchor.constraint(equalTo: chart.trailingAnchor, constant: 8),
            gauges.topAnchor.constraint(equalTo: chart.topAnchor),
        ]
        arrangements[.wide] = beside + [gauges.widthAnchor.constraint(equalTo: margins.widthAnchor, multiplier: 0.38)]
        arrangements[.narrow] = beside + [gauges.widthAnchor.constraint(equalTo: margins.widthAnchor, multiplier: 0.5)]
        // One above the other: portrait.
        arrangements[.tall] = [
            lightsRow.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            lightsRow.topAnchor.constraint(equalTo: heading.bottomAnchor, constant: 8),
            chart.topAnchor.constraint(equalTo: lightsRow.bottomAnchor, constant: 8),
            chart.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            chart.heightAnchor.constraint(equalTo: chart.widthAnchor, multiplier: 0.75),
            gauges.topAnchor.constraint(equalTo: chart.bottomAnchor, constant: 8),
            gauges.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
        ]
    }

    /// Switches to the arrangement the panel calls for, once per change.
    func arrange() {
        let wanted = OverviewArrangement(size: view.bounds.size, traits: view.traitCollection)
        guard wanted != arrangement else { return }
        if let arrangement, let old = arrangements[arrangement] { LayoutConstraint.deactivate(old) }
        LayoutConstraint.activate(arrangements[wanted] ?? [])
        for name in lightNames { name.isHidden = wanted == .narrow }
        arrangement = wanted
    }
}
