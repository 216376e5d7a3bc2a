internal import PanelLayout

/// A window's Auto Layout engine: the solver (PanelLayout's Cassowary) holding the window's
/// active constraints, each view's variables, and the constraints it adds for them.
///
/// The solver answers as each change arrives; the layout pass (``View/layoutIfNeeded()``)
/// writes the answer into the frames of the views constraints place, lets frame-based layouts
/// run, and repeats while those moved views constraints refer to.
@MainActor
final class LayoutEngine {
    let solver = LayoutSolver()
    /// The window whose views it places; nil for a fitting engine (``fittingSize(of:target:horizontal:vertical:)``).
    /// Unowned and unchecked: the window owns the engine.
    private(set) unowned(unsafe) var window: Window?
    private var nodes: [ObjectIdentifier: LayoutNode] = [:]
    var nodesByItem: [ObjectIdentifier: LayoutNode] { nodes }
    /// The nodes of views constraints place, whose frames the pass writes, with their views
    /// (unowned and unchecked: a view leaves the engine as it leaves the window, and the window
    /// holds it until then).
    private var placedNodes: [Placed] = []

    private struct Placed {
        let node: LayoutNode
        unowned(unsafe) let view: View
    }
    /// The nodes of safe area and margins guides, whose insets the pass refreshes.
    private var guideNodes: [LayoutNode] = []
    /// The active constraints, each with the order it was added in.
    private var active: [ObjectIdentifier: (order: Int, constraint: LayoutConstraint)] = [:]
    private var addedCount = 0
    private var pendingUpdates: [View] = []
    /// Whether the solution changed since the frames were last written.
    private(set) var needsApply = false
    private(set) var isApplying = false
    /// Whether its window has gone (``tearDown()``).
    private var isTornDown = false
    /// The most passes one layout makes before it reports that the layout does not settle.
    static let passLimit = 8

    init(window: Window?) {
        self.window = window
    }

    /// Lets go of every item; the window calls it as it goes, while its views are still there.
    func tearDown() {
        isTornDown = true
        parkedScreens.removeAll()
        for node in nodes.values {
            node.engine = nil
            if let item = node.item, item.layoutNode === node { item.layoutNode = nil }
            node.item = nil
        }
        nodes.removeAll()
        placedNodes.removeAll()
        guideNodes.removeAll()
    }

    /// How many constraints the solver holds (the app's and the engine's own).
    var constraintCount: Int { solver.constraintCount }

    // MARK: - The app's constraints

    func add(_ constraint: LayoutConstraint) {
        guard constraint.engine == nil else { return }
        constraint.engine = self
        addedCount += 1
        active[ObjectIdentifier(constraint)] = (addedCount, constraint)
        constraint.solverID = solverConstraint(for: constraint)
        markDirty()
    }

    func remove(_ constraint: LayoutConstraint) {
        // A torn-down engine's solver is going with it: no need to solve again without it.
        if let id = detach(constraint), !isTornDown { solver.remove(id) }
    }

    /// Lets go of a constraint this engine holds, leaving its removal from the solver to the
    /// caller; its solver ID, nil when it has none or is not this engine's.
    private func detach(_ constraint: LayoutConstraint) -> LayoutConstraintID? {
        guard constraint.engine === self else { return nil }
        let id = constraint.solverID?.id
        constraint.solverID = nil
        constraint.engine = nil
        active[ObjectIdentifier(constraint)] = nil
        markDirty()
        return id
    }

    func constantChanged(_ constraint: LayoutConstraint) {
        guard let box = constraint.solverID else { return }
        do {
            try solver.setConstant(box.id, box.base - constraint.constant)
        } catch {
            // A required constraint that can no longer hold: it is broken, as when it was added.
            solver.remove(box.id)
            constraint.solverID = solverConstraint(for: constraint)
        }
        markDirty()
    }

    func priorityChanged(_ constraint: LayoutConstraint) {
        guard let box = constraint.solverID else { return }
        solver.remove(box.id)
        constraint.solverID = solverConstraint(for: constraint)
        markDirty()
    }

    /// Puts a constraint into the solver; a required one that contradicts the required ones
    /// held is reported once and held at the lowest priority instead (UIKit breaks it).
    private func solverConstraint(for constraint: LayoutConstraint) -> LayoutConstraintIDBox? {
        guard let container = constraint.installedOn ?? constraint.commonAncestor(), let first = constraint.first else { return nil }
        var terms: [(LayoutVariable, Double)] = []
        var base = 0.0
        let mirror =
            (constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional)
            && first.layoutView?.effectiveUserInterfaceLayoutDirection == .rightToLeft
        append(first, constraint.firstAttribute, 1, in: container, mirror: mirror, &terms, &base)
        if let second = constraint.second {
            append(second, constraint.secondAttribute, -constraint.multiplier, in: container, mirror: mirror, &terms, &base)
        }
        let relation: PanelLayout.LayoutRelation =
            switch constraint.relation {
            case .lessThanOrEqual: .lessThanOrEqual
            case .equal: .equal
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        let weight = constraint.priority.isRequired ? nil : constraint.priority.weight
        do {
            let id = try solver.add(terms, constant: base - constraint.constant, relation, weight: weight)
            return LayoutConstraintIDBox(id: id, base: base)
        } catch .unsatisfiable {
            LayoutEngine.reportOnce(&constraint.wasReported, unsatisfiableMessage(constraint))
            let id = try? solver.add(terms, constant: base - constraint.constant, relation, weight: LayoutPriority(rawValue: 1).weight)
            return id.map { LayoutConstraintIDBox(id: $0, base: base) }
        } catch {
            LayoutEngine.reportOnce(&constraint.wasReported, "\(constraint) was not held: \(error)")
            return nil
        }
    }

    private func unsatisfiableMessage(_ constraint: LayoutConstraint) -> String {
        let items = [constraint.first, constraint.second].compactMap { $0 }
        let related = activeInOrder.filter { other in
            other !== constraint && items.contains { item in other.first === item || other.second === item }
        }
        var text = "unable to satisfy \(constraint) together with the required constraints already held, so it is broken (held at the lowest priority)."
        if !related.isEmpty {
            text += " Other constraints on its items: " + related.map(\.description).sorted().joined(separator: "; ") + "."
        }
        if items.contains(where: { ($0 as? View)?.translatesAutoresizingMaskIntoConstraints == true && ($0 as? View)?.superview != nil }) {
            text += " A view it names keeps its frame (translatesAutoresizingMaskIntoConstraints is true): set it false on views constraints place."
        }
        return text
    }

    /// Adds `coefficient ×` the item's attribute, in `container`'s coordinates, to `terms` and
    /// `base`. Under `mirror` x runs right to left, so leading is the right edge.
    private func append(
        _ item: any LayoutItem, _ attribute: LayoutConstraint.Attribute, _ coefficient: Double, in container: View, mirror: Bool,
        _ terms: inout [(LayoutVariable, Double)], _ base: inout Double
    ) {
        let node = self.node(for: item)
        switch attribute {
        case .width: terms.append((node.width, coefficient))
        case .height: terms.append((node.height, coefficient))
        case .notAnAttribute: break
        case .left, .right, .leading, .trailing, .centerX:
            let sign = mirror ? -coefficient : coefficient
            appendPath(item, horizontal: true, sign, in: container, &terms)
            let fraction: Double =
                switch attribute {
                case .right: 1
                case .centerX: 0.5
                case .leading: mirror ? 1 : 0
                case .trailing: mirror ? 0 : 1
                default: 0
                }
            if fraction != 0 { terms.append((node.width, sign * fraction)) }
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline:
            appendPath(item, horizontal: false, coefficient, in: container, &terms)
            var fraction = 0.0
            switch attribute {
            case .bottom: fraction = 1
            case .centerY: fraction = 0.5
            case .firstBaseline, .lastBaseline:
                let baseline = (item as? View)?.baselineLayout(last: attribute == .lastBaseline) ?? (heightFraction: 1, offset: 0)
                fraction = baseline.heightFraction
                base += coefficient * baseline.offset
            default: break
            }
            if fraction != 0 { terms.append((node.height, coefficient * fraction)) }
        }
    }

    /// The item's left (or top) in `container`'s coordinates: its own and each ancestor's below
    /// the container.
    private func appendPath(_ item: any LayoutItem, horizontal: Bool, _ coefficient: Double, in container: View, _ terms: inout [(LayoutVariable, Double)]) {
        var current: (any LayoutItem)? = item
        while let step = current, step !== container {
            let node = self.node(for: step)
            terms.append((horizontal ? node.left : node.top, coefficient))
            current = step.layoutParent
        }
    }

    // MARK: - Nodes

    func node(for item: any LayoutItem) -> LayoutNode {
        if let node = nodes[ObjectIdentifier(item)] { return node }
        let node = LayoutNode(engine: self, item: item, solver: solver)
        nodes[ObjectIdentifier(item)] = node
        if window != nil { item.layoutNode = node }
        if let view = item as? View {
            if fittingRoot === view {
                addFittingConstraints(node)
            } else if view.translatesAutoresizingMaskIntoConstraints {
                addFrameConstraints(view, node)
            } else {
                placedNodes.append(Placed(node: node, view: view))
                addIntrinsicConstraints(view, node)
            }
        } else if let guide = item as? LayoutGuide, guide.role != .free, let owner = guide.owningView {
            addGuideConstraints(guide, owner, node)
            guideNodes.append(node)
        }
        return node
    }

    /// Takes an item out of the engine: its own constraints and its variables.
    func release(_ item: any LayoutItem) {
        var leaving = Leaving()
        take(item, into: &leaving)
        letGo(leaving)
    }

    private func addFrameConstraints(_ view: View, _ node: LayoutNode) {
        let frame = view.untransformedFrame
        node.frameIDs = [(node.left, frame.minX), (node.top, frame.minY), (node.width, frame.width), (node.height, frame.height)].compactMap {
            try? solver.add([($0.0, 1)], constant: -$0.1, .equal)
        }
    }

    func frameChanged(_ view: View, _ node: LayoutNode) {
        guard node.engine === self, view.translatesAutoresizingMaskIntoConstraints, node.frameIDs.count == 4 else { return }
        let frame = view.untransformedFrame
        let values = [frame.minX, frame.minY, frame.width, frame.height]
        for index in 0 ..< 4 where solver.constant(of: node.frameIDs[index]) != -values[index] {
            do {
                try solver.setConstant(node.frameIDs[index], -values[index])
            } catch {
                LayoutEngine.reportOnce(
                    &view.autoLayoutState.wasReported,
                    "the frame of \(LayoutEngine.name(of: view)) contradicts required constraints on it; set its translatesAutoresizingMaskIntoConstraints false if constraints place it"
                )
            }
        }
        markDirty()
    }

    func translatesChanged(_ view: View, _ node: LayoutNode) {
        for id in node.frameIDs + node.intrinsicIDs { solver.remove(id) }
        node.frameIDs = []
        node.intrinsicIDs = []
        placedNodes.removeAll { $0.node === node }
        if view.translatesAutoresizingMaskIntoConstraints {
            addFrameConstraints(view, node)
        } else {
            placedNodes.append(Placed(node: node, view: view))
            addIntrinsicConstraints(view, node)
        }
        markDirty()
    }

    private func addIntrinsicConstraints(_ view: View, _ node: LayoutNode) {
        let size = view.intrinsicContentSize
        node.intrinsicSize = size
        node.intrinsicIDs = []
        for (variable, length, axis) in [(node.width, size.width, LayoutConstraint.Axis.horizontal), (node.height, size.height, .vertical)]
        where length >= 0 && length.isFinite {
            let compression = view.contentCompressionResistancePriority(for: axis)
            let hugging = view.contentHuggingPriority(for: axis)
            for (relation, priority) in [(PanelLayout.LayoutRelation.greaterThanOrEqual, compression), (.lessThanOrEqual, hugging)] {
                let weight = priority.isRequired ? nil : priority.weight
                if let id = try? solver.add([(variable, 1)], constant: -length, relation, weight: weight) {
                    node.intrinsicIDs.append(id)
                } else if let id = try? solver.add([(variable, 1)], constant: -length, relation, weight: LayoutPriority(rawValue: 1).weight) {
                    LayoutEngine.reportOnce(
                        &view.autoLayoutState.wasReported,
                        "the intrinsic size of \(LayoutEngine.name(of: view)) contradicts its required constraints; its required hugging or compression resistance is broken"
                    )
                    node.intrinsicIDs.append(id)
                }
            }
        }
    }

    func intrinsicChanged(_ view: View, _ node: LayoutNode, prioritiesChanged: Bool) {
        guard node.engine === self, !view.translatesAutoresizingMaskIntoConstraints else { return }
        let size = view.intrinsicContentSize
        let sameAxes = (size.width >= 0) == (node.intrinsicSize.width >= 0) && (size.height >= 0) == (node.intrinsicSize.height >= 0)
        if !prioritiesChanged, sameAxes, size == node.intrinsicSize { return }
        if !prioritiesChanged, sameAxes {
            var index = 0
            var failed = false
            for length in [size.width, size.height] where length >= 0 {
                for _ in 0 ..< 2 {
                    do { try solver.setConstant(node.intrinsicIDs[index], -length) } catch { failed = true }
                    index += 1
                }
            }
            node.intrinsicSize = size
            if !failed {
                markDirty()
                return
            }
        }
        for id in node.intrinsicIDs { solver.remove(id) }
        addIntrinsicConstraints(view, node)
        markDirty()
    }

    private func addGuideConstraints(_ guide: LayoutGuide, _ owner: View, _ node: LayoutNode) {
        let owning = self.node(for: owner)
        let insets = guide.role == .safeArea ? owner.safeAreaInsets : owner.marginsGuideInsets
        node.guideInsets = insets
        let rows: [([(LayoutVariable, Double)], Double)] = [
            ([(node.left, 1)], -insets.left),
            ([(node.top, 1)], -insets.top),
            ([(node.width, 1), (owning.width, -1)], insets.left + insets.right),
            ([(node.height, 1), (owning.height, -1)], insets.top + insets.bottom),
        ]
        node.guideIDs = rows.compactMap { try? solver.add($0.0, constant: $0.1, .equal) }
    }

    func guideInsetsChanged(_ node: LayoutNode) { markDirty() }

    func safeAreaMayHaveChanged() {
        guard !guideNodes.isEmpty else { return }
        markDirty()
    }

    /// Gives each safe area and margins guide its owning view's insets now.
    private func refreshGuides() {
        for node in guideNodes {
            guard let guide = node.item as? LayoutGuide, let owner = guide.owningView, node.guideIDs.count == 4 else { continue }
            let insets = guide.role == .safeArea ? owner.safeAreaInsets : owner.marginsGuideInsets
            guard insets != node.guideInsets else { continue }
            node.guideInsets = insets
            let constants = [-insets.left, -insets.top, insets.left + insets.right, insets.top + insets.bottom]
            for index in 0 ..< 4 { try? solver.setConstant(node.guideIDs[index], constants[index]) }
            needsApply = true
        }
    }

    // MARK: - Joining and leaving the window

    /// Puts the constraints of a subtree that joined `window` into its engine, and queues the
    /// updates of the views constraints place.
    static func subtreeJoined(_ root: View, _ window: Window) {
        if root.viewController != nil, let engine = window.layoutEngineStorage, engine.restoreParked(root) {
            engine.queueUpdates(root)
            return
        }
        guard let state = root.autoLayout else {
            for subview in root.subviews { subtreeJoined(subview, window) }
            return
        }
        for constraint in state.installed { window.layoutEngine.add(constraint) }
        if state.needsUpdateConstraints { window.layoutEngine.needsConstraintUpdate(root) }
        for subview in root.subviews { subtreeJoined(subview, window) }
    }

    /// Takes a subtree that is leaving the window out of the engine: its constraints, and its
    /// views' and guides' own constraints and variables, leave the solver together, so that a
    /// screen that nothing outside it is constrained to goes in one step
    /// (``LayoutSolver/remove(_:releasing:)``), not a pivot per constraint.
    ///
    /// A view controller's root view is parked instead (``LayoutSolver/park(_:variables:)``):
    /// its block stays solved aside, and when the same subtree comes back with the same
    /// constraints (a tab's page, a screen under a pushed one) ``subtreeJoined(_:_:)`` puts it
    /// back without adding a constraint.
    func subtreeLeft(_ root: View) {
        dropGoneScreens()
        var leaving = Leaving()
        gather(root, into: &leaving)
        if root.viewController != nil, !isTornDown, let screen = park(root, leaving) {
            parkedScreens.append(screen)
            if parkedScreens.count > LayoutEngine.parkedScreenLimit { unpark(parkedScreens.removeFirst(), root: nil) }
            return
        }
        letGo(leaving)
    }

    /// Takes what was gathered out of the solver, and its nodes out of the engine's lists.
    private func letGo(_ leaving: Leaving) {
        if !isTornDown { solver.remove(leaving.ids, releasing: leaving.variables) }
        guard !leaving.nodes.isEmpty else { return }
        for node in leaving.nodes {
            if let item = node.item, item.layoutNode === node { item.layoutNode = nil }
        }
        forgetNodes(leaving.nodes)
    }

    /// Takes `nodes` out of the engine's lists of placed nodes and guides.
    private func forgetNodes(_ nodes: [LayoutNode]) {
        let gone = Set(nodes.map(ObjectIdentifier.init))
        placedNodes.removeAll { gone.contains(ObjectIdentifier($0.node)) }
        guideNodes.removeAll { gone.contains(ObjectIdentifier($0)) }
    }

    // MARK: - Parked screens

    /// A view controller's root view that left the window with its block parked in the solver,
    /// and what its subtree was then, to tell whether it comes back the same.
    private struct ParkedScreen {
        weak var root: View?
        let block: ParkedLayoutBlock
        /// Its items' nodes in walk order, each with its parent's node then (nil: none, or the
        /// root's), whether it was placed by constraints or a built-in guide, and its view's
        /// frame flag and hugging and compression priorities.
        let items: [(node: LayoutNode, parent: LayoutNode?, placed: Bool, guide: Bool, translates: Bool, priorities: [LayoutPriority])]
        /// Its constraints in walk order, with their solver IDs and priorities then.
        let constraints: [(constraint: LayoutConstraint, box: LayoutConstraintIDBox, priority: LayoutPriority)]
        let direction: UserInterfaceLayoutDirection
    }

    private var parkedScreens: [ParkedScreen] = []
    /// How many screens stay parked; the one parked longest ago goes first.
    static let parkedScreenLimit = 8

    /// Parks what `root` gathered; nil, with nothing changed, when it is not a closed block.
    private func park(_ root: View, _ leaving: Leaving) -> ParkedScreen? {
        guard let block = solver.park(leaving.ids, variables: leaving.variables) else { return nil }
        let placed = Set(placedNodes.map { ObjectIdentifier($0.node) })
        let guides = Set(guideNodes.map(ObjectIdentifier.init))
        let items = leaving.nodes.map { node in
            let view = node.item as? View
            return (
                node: node, parent: node.item === root ? nil : node.item?.layoutParent?.layoutNode, placed: placed.contains(ObjectIdentifier(node)),
                guide: guides.contains(ObjectIdentifier(node)), translates: view?.translatesAutoresizingMaskIntoConstraints ?? false,
                priorities: view.map(LayoutEngine.intrinsicPriorities) ?? []
            )
        }
        forgetNodes(leaving.nodes)
        return ParkedScreen(
            root: root, block: block, items: items, constraints: leaving.constraints, direction: root.effectiveUserInterfaceLayoutDirection)
    }

    private static func intrinsicPriorities(_ view: View) -> [LayoutPriority] {
        [.horizontal, .vertical].flatMap { axis in [view.contentHuggingPriority(for: axis), view.contentCompressionResistancePriority(for: axis)] }
    }

    /// Puts a parked screen back when `root` is its root and its subtree is as it left; true
    /// when it did. A parked screen of `root` that changed is dropped.
    private func restoreParked(_ root: View) -> Bool {
        dropGoneScreens()
        guard let index = parkedScreens.firstIndex(where: { $0.root === root }) else { return false }
        let screen = parkedScreens.remove(at: index)
        guard isUnchanged(screen, root), solver.restore(screen.block) else {
            unpark(screen, root: root)
            return false
        }
        for entry in screen.items {
            guard let item = entry.node.item else { continue }
            entry.node.engine = self
            nodes[ObjectIdentifier(item)] = entry.node
            if entry.placed, let view = item as? View { placedNodes.append(Placed(node: entry.node, view: view)) }
            if entry.guide { guideNodes.append(entry.node) }
        }
        for (constraint, box, _) in screen.constraints {
            constraint.engine = self
            constraint.solverID = box
            addedCount += 1
            active[ObjectIdentifier(constraint)] = (addedCount, constraint)
        }
        // What changed while it was away, and did not reach the solver: constants and
        // priorities, frames, intrinsic sizes and their priorities, baselines.
        for (constraint, box, priority) in screen.constraints {
            if constraint.priority != priority {
                priorityChanged(constraint)
            } else if [constraint.firstAttribute, constraint.secondAttribute].contains(where: { $0 == .firstBaseline || $0 == .lastBaseline }) {
                solver.remove(box.id)
                constraint.solverID = solverConstraint(for: constraint)
            } else if solver.constant(of: box.id) != box.base - constraint.constant {
                constantChanged(constraint)
            }
        }
        for entry in screen.items {
            guard let view = entry.node.item as? View else { continue }
            if view.translatesAutoresizingMaskIntoConstraints != entry.translates {
                translatesChanged(view, entry.node)
            } else if entry.translates {
                frameChanged(view, entry.node)
            } else {
                intrinsicChanged(view, entry.node, prioritiesChanged: LayoutEngine.intrinsicPriorities(view) != entry.priorities)
            }
        }
        markDirty()
        return true
    }

    /// Whether `root`'s subtree is as `screen` left: the same items in the same places, each
    /// still holding its parked node, the same constraints installed on the same views, and
    /// the same layout direction.
    private func isUnchanged(_ screen: ParkedScreen, _ root: View) -> Bool {
        guard root.effectiveUserInterfaceLayoutDirection == screen.direction else { return false }
        var items = 0
        var constraints = 0
        func matches(_ item: any LayoutItem) -> Bool {
            guard let node = item.layoutNode, items < screen.items.count else { return true }
            let entry = screen.items[items]
            items += 1
            // The root's parent is outside: no constraint of the block names it.
            return entry.node === node && node.engine == nil && entry.parent === (item === root ? nil : item.layoutParent?.layoutNode)
        }
        func walk(_ view: View) -> Bool {
            if let state = view.autoLayout {
                for constraint in state.installed {
                    guard constraints < screen.constraints.count, screen.constraints[constraints].constraint === constraint,
                        constraint.engine == nil
                    else { return false }
                    constraints += 1
                }
                for guide in state.guides where !matches(guide) { return false }
                if let guide = state.safeAreaGuide, !matches(guide) { return false }
                if let guide = state.marginsGuide, !matches(guide) { return false }
                if !matches(view) { return false }
            }
            return view.subviews.allSatisfy(walk)
        }
        return walk(root) && items == screen.items.count && constraints == screen.constraints.count
    }

    /// Drops a parked screen's block; the items of `root`'s subtree (when it is alive) let go
    /// of its nodes.
    private func unpark(_ screen: ParkedScreen, root: View?) {
        solver.drop(screen.block)
        guard let root = root ?? screen.root else { return }
        let parked = Set(screen.items.map { ObjectIdentifier($0.node) })
        func clear(_ item: any LayoutItem) {
            if let node = item.layoutNode, parked.contains(ObjectIdentifier(node)) { item.layoutNode = nil }
        }
        func walk(_ view: View) {
            if let state = view.autoLayout {
                for guide in state.guides { clear(guide) }
                if let guide = state.safeAreaGuide { clear(guide) }
                if let guide = state.marginsGuide { clear(guide) }
                clear(view)
            }
            for subview in view.subviews { walk(subview) }
        }
        walk(root)
    }

    /// Drops the parked screens whose root has gone.
    private func dropGoneScreens() {
        guard parkedScreens.contains(where: { $0.root == nil }) else { return }
        for screen in parkedScreens where screen.root == nil { solver.drop(screen.block) }
        parkedScreens.removeAll { $0.root == nil }
    }

    /// What a subtree leaving the window takes out of the solver.
    private struct Leaving {
        var ids: [LayoutConstraintID] = []
        var variables: [LayoutVariable] = []
        var nodes: [LayoutNode] = []
        /// The app's constraints among them, with their solver IDs and priorities.
        var constraints: [(constraint: LayoutConstraint, box: LayoutConstraintIDBox, priority: LayoutPriority)] = []
    }

    private func gather(_ view: View, into leaving: inout Leaving) {
        if let state = view.autoLayout {
            for constraint in state.installed {
                let box = constraint.solverID
                guard let id = detach(constraint) else { continue }
                leaving.ids.append(id)
                if let box { leaving.constraints.append((constraint, box, constraint.priority)) }
            }
            for guide in state.guides { take(guide, into: &leaving) }
            if let guide = state.safeAreaGuide { take(guide, into: &leaving) }
            if let guide = state.marginsGuide { take(guide, into: &leaving) }
            take(view, into: &leaving)
        }
        for subview in view.subviews { gather(subview, into: &leaving) }
    }

    private func take(_ item: any LayoutItem, into leaving: inout Leaving) {
        // The item keeps its node until ``letGo(_:)``: a parked screen's items keep theirs.
        guard let node = nodes.removeValue(forKey: ObjectIdentifier(item)) else { return }
        node.engine = nil
        leaving.ids += node.frameIDs + node.intrinsicIDs + node.guideIDs
        leaving.variables += node.variables
        leaving.nodes.append(node)
    }

    /// Queues the constraint updates a subtree asked for.
    private func queueUpdates(_ view: View) {
        if view.autoLayout?.needsUpdateConstraints == true { needsConstraintUpdate(view) }
        for subview in view.subviews { queueUpdates(subview) }
    }

    func needsConstraintUpdate(_ view: View) {
        if !pendingUpdates.contains(where: { $0 === view }) { pendingUpdates.append(view) }
        markDirty()
    }

    /// A layout direction changed: leading and trailing swap, so every constraint is put in
    /// again, and the margins follow.
    func directionChanged() {
        guard !directionChangePending else { return }
        directionChangePending = true
        markDirty()
    }

    private var directionChangePending = false

    /// The active constraints in the order they were added.
    private var activeInOrder: [LayoutConstraint] { active.values.sorted { $0.order < $1.order }.map(\.constraint) }

    /// Every constraint taken out, then put in again in the order it was first added: put in
    /// one by one, a required constraint facing the new direction could contradict one still
    /// facing the old and be broken, depending on the order.
    private func reinstallAll() {
        directionChangePending = false
        let constraints = activeInOrder
        for constraint in constraints {
            if let box = constraint.solverID { solver.remove(box.id) }
            constraint.solverID = nil
        }
        for constraint in constraints { constraint.solverID = solverConstraint(for: constraint) }
    }

    // MARK: - The pass

    private func markDirty() {
        needsApply = true
        window?.setNeedsLayout()
    }

    /// Runs the pending constraint updates, writes the solution into the frames of the views
    /// constraints place, then lays out `view`'s subtree; again while that moved something the
    /// constraints see.
    func layout(from view: View) {
        isApplying = true
        defer { isApplying = false }
        var passes = 0
        repeat {
            runConstraintUpdates()
            if directionChangePending { reinstallAll() }
            refreshGuides()
            needsApply = false
            applyFrames()
            view.layoutSubtreeIfNeeded()
            refreshGuides()
            passes += 1
        } while needsApply && passes < LayoutEngine.passLimit
        if needsApply, window != nil {
            LayoutEngine.reportOnce(
                &reportedUnsettled,
                "the layout did not settle after \(LayoutEngine.passLimit) passes: a layoutSubviews() keeps moving a view that constraints refer to"
            )
            needsApply = false
        }
    }

    private func runConstraintUpdates() {
        guard !pendingUpdates.isEmpty else { return }
        let views = pendingUpdates
        pendingUpdates.removeAll()
        // Subviews before superviews, as UIKit updates them.
        for view in views.sorted(by: { $0.depth > $1.depth }) where view.window === window {
            view.updateConstraintsIfNeeded()
        }
    }

    /// Writes the solver's answer into the frames of the views constraints place, rounded to
    /// whole points as UIKit rounds to pixels.
    private func applyFrames() {
        for placed in placedNodes {
            let node = placed.node
            let left = solver.value(of: node.left)
            let top = solver.value(of: node.top)
            let x0 = left.rounded()
            let y0 = top.rounded()
            let x1 = (left + solver.value(of: node.width)).rounded()
            let y1 = (top + solver.value(of: node.height)).rounded()
            placed.view.frame = Rect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
        }
    }

    /// A free guide's rectangle in its owning view's coordinates.
    func frame(of node: LayoutNode) -> Rect {
        Rect(x: solver.value(of: node.left), y: solver.value(of: node.top), width: solver.value(of: node.width), height: solver.value(of: node.height))
    }

    // MARK: - Fitting

    private unowned(unsafe) var fittingRoot: View?
    private var fittingTarget = Size(width: 0, height: 0)
    private var fittingPriorities = (horizontal: LayoutPriority.fittingSizeLevel, vertical: LayoutPriority.fittingSizeLevel)

    private func addFittingConstraints(_ node: LayoutNode) {
        _ = try? solver.add([(node.left, 1)], constant: 0, .equal)
        _ = try? solver.add([(node.top, 1)], constant: 0, .equal)
        for (variable, target, priority) in [
            (node.width, fittingTarget.width, fittingPriorities.horizontal), (node.height, fittingTarget.height, fittingPriorities.vertical),
        ] {
            _ = try? solver.add([(variable, 1)], constant: -target, .equal, weight: priority.isRequired ? nil : priority.weight)
            _ = try? solver.add([(variable, 1)], constant: 0, .greaterThanOrEqual)
        }
        if let view = node.item as? View, !view.translatesAutoresizingMaskIntoConstraints { addIntrinsicConstraints(view, node) }
    }

    /// The size `view`'s own constraints (those installed on it and below it, between views
    /// below it) give it, pulled towards `target`.
    static func fittingSize(of view: View, target: Size, horizontal: LayoutPriority, vertical: LayoutPriority) -> Size {
        let engine = LayoutEngine(window: nil)
        engine.fittingRoot = view
        engine.fittingTarget = Size(width: target.width.isFinite ? target.width : 0, height: target.height.isFinite ? target.height : 0)
        engine.fittingPriorities = (horizontal, vertical)
        let root = engine.node(for: view)
        engine.addSubtreeConstraints(view, within: view)
        return Size(width: engine.solver.value(of: root.width), height: engine.solver.value(of: root.height))
    }

    private func addSubtreeConstraints(_ view: View, within root: View) {
        for constraint in view.autoLayout?.installed ?? [] {
            let inside = [constraint.first, constraint.second].allSatisfy { item in
                guard let item else { return true }
                guard let itemView = item.layoutView else { return false }
                return itemView === root || itemView.isDescendant(of: root)
            }
            if inside, constraint.first != nil { _ = solverConstraint(for: constraint) }
        }
        for subview in view.subviews { addSubtreeConstraints(subview, within: root) }
    }

    // MARK: - Messages

    /// Reports a problem once: `reported` is the subject's own flag (a constraint's, a view's
    /// or the engine's), so a later object at the same address is reported again.
    static func reportOnce(_ reported: inout Bool, _ message: @autoclosure () -> String) {
        guard !reported else { return }
        reported = true
        UsageWarning.report("Auto Layout", message())
    }

    /// Whether the engine reported that its layout does not settle.
    private var reportedUnsettled = false

    /// A view or guide as messages name it: its class and accessibility identifier.
    static func name(of item: AnyObject?) -> String {
        guard let item else { return "nil" }
        if let view = item as? View {
            if let identifier = view.accessibilityIdentifier { return "\(type(of: view))(\(identifier))" }
            return "\(type(of: view))"
        }
        return String(describing: item)
    }
}

extension Window {
    /// The window's engine, made when the first constraint becomes active.
    var layoutEngine: LayoutEngine {
        if let engine = layoutEngineStorage { return engine }
        let engine = LayoutEngine(window: self)
        layoutEngineStorage = engine
        return engine
    }
}

extension View {
    /// How many superviews the view has.
    var depth: Int {
        var count = 0
        var view = superview
        while let current = view {
            count += 1
            view = current.superview
        }
        return count
    }

    /// The safe area may have moved for the views below this one: their guides follow.
    func safeAreaInsetsMayHaveChanged() {
        window?.layoutEngineStorage?.safeAreaMayHaveChanged()
        setNeedsLayout()
    }
}
