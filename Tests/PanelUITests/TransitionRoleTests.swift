import PanelBench
import PanelCore
import PanelUI
import Testing

/// A controller that notes, in each appearance callback, which of UIKit's four transition
/// questions it answers yes to: "callback:toParent,fromParent,presented,dismissed".
@MainActor
final class RoleController: ViewController {
    var seen: [String] = []

    private func note(_ callback: String) {
        var roles: [String] = []
        if isMovingToParent { roles.append("toParent") }
        if isMovingFromParent { roles.append("fromParent") }
        if isBeingPresented { roles.append("presented") }
        if isBeingDismissed { roles.append("dismissed") }
        seen.append("\(callback):\(roles.joined(separator: ","))")
    }

    override func viewWillAppear(_ animated: Bool) { note("willAppear") }
    override func viewDidAppear(_ animated: Bool) { note("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { note("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { note("didDisappear") }
}

@Suite("isMovingToParent, isMovingFromParent, isBeingPresented and isBeingDismissed, as UIKit answers them")
@MainActor
struct TransitionRoleTests {
    @Test("a pushed controller is moving to its parent in its appearance callbacks, and not after")
    func pushedIsMovingToParent() {
        let (bench, navigation, _) = navigationBench(RoleController())
        let pushed = RoleController()
        navigation.pushViewController(pushed, animated: true)
        bench.frames(milliseconds: 400)
        #expect(pushed.seen == ["willAppear:toParent", "didAppear:toParent"])
        #expect(!pushed.isMovingToParent)
    }

    @Test("the controller a push covers is neither moving nor dismissed")
    func coveredIsNotMoving() {
        let root = RoleController()
        let (bench, navigation, _) = navigationBench(root)
        root.seen = []
        navigation.pushViewController(RoleController(), animated: true)
        bench.frames(milliseconds: 400)
        #expect(root.seen == ["willDisappear:", "didDisappear:"])
    }

    @Test("a popped controller is moving from its parent in its disappearance callbacks")
    func poppedIsMovingFromParent() {
        let (bench, navigation, _) = navigationBench(RoleController())
        let pushed = RoleController()
        navigation.pushViewController(pushed, animated: false)
        bench.app.runOnce()
        pushed.seen = []
        navigation.popViewController(animated: true)
        bench.frames(milliseconds: 400)
        #expect(pushed.seen == ["willDisappear:fromParent", "didDisappear:fromParent"])
        #expect(!pushed.isMovingFromParent)
    }

    @Test("an edge swipe let go early leaves the top controller in place, no longer moving from its parent")
    func cancelledPopIsNotMoving() {
        let (bench, navigation, _) = navigationBench(RoleController())
        let pushed = RoleController()
        navigation.pushViewController(pushed, animated: false)
        bench.app.runOnce()
        pushed.seen = []
        bench.edgeDrag(to: 40)
        bench.frames(milliseconds: 600)
        #expect(navigation.topViewController === pushed)
        #expect(pushed.seen == ["willDisappear:fromParent", "willAppear:", "didAppear:"])
    }

    @Test("a presented controller is being presented in its appearance callbacks, and not after")
    func presentedIsBeingPresented() {
        let (bench, navigation, _) = navigationBench(RoleController())
        let sheet = RoleController()
        navigation.present(sheet, animated: true)
        bench.frames(milliseconds: 600)
        #expect(sheet.seen == ["willAppear:presented", "didAppear:presented"])
        #expect(!sheet.isBeingPresented)
    }

    @Test("a dismissed controller is being dismissed in its disappearance callbacks")
    func dismissedIsBeingDismissed() {
        let (bench, navigation, _) = navigationBench(RoleController())
        let sheet = RoleController()
        navigation.present(sheet, animated: false)
        sheet.seen = []
        sheet.dismiss(animated: true)
        bench.frames(milliseconds: 600)
        #expect(sheet.seen == ["willDisappear:dismissed", "didDisappear:dismissed"])
        #expect(!sheet.isBeingDismissed)
    }

    @Test("a child a container removes with willMove(toParent: nil) is moving from its parent as its view leaves the window")
    func customContainerRemoval() {
        let bench = Bench(width: 320, height: 240)
        let container = ViewController()
        bench.window.rootViewController = container
        bench.app.runOnce()
        let child = RoleController()
        container.addChild(child)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        child.beginAppearanceTransition(true, animated: false)
        child.endAppearanceTransition()
        #expect(child.seen == ["willAppear:toParent", "didAppear:toParent"])
        child.seen = []
        child.willMove(toParent: nil)
        child.beginAppearanceTransition(false, animated: false)
        child.view.removeFromSuperview()
        child.endAppearanceTransition()
        child.removeFromParent()
        #expect(child.seen == ["willDisappear:fromParent", "didDisappear:fromParent"])
    }
}
