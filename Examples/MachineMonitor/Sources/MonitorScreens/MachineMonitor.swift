public import PanelKit

/// The monitor: an overview tab and a machines tab.
public final class MachineMonitor: TabBarController {
    public let overview = OverviewController()
    public let machines = MachinesController()

    public override init() {
        super.init(viewControllers: [])
        setViewControllers([overview, machines], animated: false)
    }
}
