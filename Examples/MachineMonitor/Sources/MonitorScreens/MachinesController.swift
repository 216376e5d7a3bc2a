public import PanelKit

/// One machine of the shop floor: its name and what it is doing.
public struct Machine: Sendable {
    public enum State: Sendable { case running, idle, fault }
    public var name: String
    public var state: State
}

/// A machine's tile: a status light, its name and its state.
public final class MachineTile: GridCell {
    let light = LEDView()
    let stateLabel = Label()

    public required init(reuseIdentifier: String) {
        super.init(reuseIdentifier: reuseIdentifier)
        textLabel.font = .body
        stateLabel.font = .caption
        stateLabel.textAlignment = .center
        stateLabel.textColor = Color(rgb: 0x48484A)  // 6:1 on a picked tile's grey, where #6c6c70 was 3.4:1
        light.isUserInteractionEnabled = false
        stateLabel.isUserInteractionEnabled = false
        addSubview(light)
        addSubview(stateLabel)
    }

    public override func layoutSubviews() {
        let b = bounds
        light.frame = Rect(x: b.width - 22, y: 8, width: 14, height: 14)
        textLabel.frame = Rect(x: 4, y: b.height / 2 - 20, width: b.width - 8, height: 24)
        stateLabel.frame = Rect(x: 4, y: b.height / 2 + 6, width: b.width - 8, height: 18)
    }

    func show(_ machine: Machine) {
        textLabel.text = machine.name
        switch machine.state {
        case .running:
            light.color = Color(rgb: 0x43A047)
            light.isOn = true
            stateLabel.text = "running"
        case .idle:
            light.color = Color(rgb: 0xFFB300)
            light.isOn = true
            stateLabel.text = "idle"
        case .fault:
            light.color = Color(rgb: 0xE53935)
            light.isOn = true
            stateLabel.text = "fault"
        }
    }
}

/// Every machine of the shop floor as a grid of tiles; a tap names the machine picked.
public final class MachinesController: ViewController, GridDataSource, GridDelegate {
    public let grid = GridView(frame: .zero)
    public let picked = Label()
    public let machines: [Machine] = (1 ... 48).map { n in
        Machine(name: "\(["Press", "Lathe", "Mill", "Saw"][n % 4]) \(n)", state: n % 11 == 0 ? .fault : n % 5 == 0 ? .idle : .running)
    }

    public override init() {
        super.init()
        title = "Machines"
        tabBarItem = TabBarItem(title: "Machines")
    }

    public override func viewDidLoad() {
        view.backgroundColor = Color(rgb: 0xF2F2F7)
        picked.font = .title
        picked.text = "\(machines.count) machines"
        grid.itemSize = Size(width: 140, height: 84)
        grid.register(MachineTile.self, forCellWithReuseIdentifier: "machine")
        grid.gridDelegate = self
        grid.dataSource = self
        for part in [picked, grid] as [View] {
            part.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(part)
        }
        // The name above a grid that fills the rest, as many tiles a row as the panel holds.
        let margins = view.layoutMarginsGuide
        LayoutConstraint.activate([
            picked.topAnchor.constraint(equalTo: margins.topAnchor),
            picked.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            picked.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            grid.topAnchor.constraint(equalTo: picked.bottomAnchor, constant: 6),
            grid.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            grid.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            grid.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }

    public func numberOfItems(in grid: GridView) -> Int { machines.count }

    public func grid(_ grid: GridView, cellForItemAt index: Int) -> GridCell {
        let cell = grid.dequeueReusableCell(withIdentifier: "machine", for: index)
        (cell as? MachineTile)?.show(machines[index])
        return cell
    }

    public func grid(_ grid: GridView, didSelectItemAt index: Int) {
        picked.text = "\(machines[index].name): \(machines[index].state)"
    }
}
