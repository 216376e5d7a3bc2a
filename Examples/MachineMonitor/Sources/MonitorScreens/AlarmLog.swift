public import PanelKit

/// One alarm of the press.
public struct Alarm: Equatable, Sendable {
    public enum Severity: Int, CaseIterable, Sendable {
        case critical, warning, info
        var title: String {
            switch self {
            case .critical: "Critical"
            case .warning: "Warning"
            case .info: "Info"
            }
        }
    }
    public var severity: Severity
    public var text: String
    public init(_ severity: Severity, _ text: String) {
        self.severity = severity
        self.text = text
    }
}

/// The alarms, grouped by severity in a sectioned list (an empty severity shows no section).
public final class AlarmLog: ListDataSource {
    /// Every alarm, newest first.
    public private(set) var alarms: [Alarm]
    /// The severities that have alarms, in order.
    private var shown: [Alarm.Severity] = []
    weak var list: ListView?

    public init(_ alarms: [Alarm]) {
        self.alarms = alarms
        regroup()
    }

    /// Raises `alarm` (newest first) and shows it.
    public func raise(_ alarm: Alarm) {
        alarms.insert(alarm, at: 0)
        regroup()
        list?.reloadData()
    }

    /// The alarms of `severity`.
    public func alarms(of severity: Alarm.Severity) -> [Alarm] { alarms.filter { $0.severity == severity } }

    private func regroup() {
        shown = Alarm.Severity.allCases.filter { s in alarms.contains { $0.severity == s } }
    }

    public func numberOfSections(in list: ListView) -> Int { shown.count }
    public func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int { alarms(of: shown[section]).count }
    public func list(_ list: ListView, titleForHeaderInSection section: Int) -> String? { shown[section].title }
    public func list(_ list: ListView, cellForRowAt indexPath: IndexPath) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "alarm", for: indexPath)
        let alarm = alarms(of: shown[indexPath.section])[indexPath.row]
        cell.textLabel.text = alarm.text
        cell.textLabel.font = .caption
        cell.textLabel.textColor = alarm.severity == .critical ? Color(rgb: 0xC62828) : .black
        return cell
    }
}
