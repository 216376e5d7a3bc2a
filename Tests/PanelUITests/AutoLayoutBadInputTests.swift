import PanelCore
import PanelGraphics
import PanelUI
import Testing

@Suite("Auto Layout bad input: reported once, never a trap, the rest still laid out")
@MainActor
struct AutoLayoutBadInputTests {
    @Test("a required constraint that contradicts others is reported once, naming it and the others, and broken")
    func unsatisfiableIsReportedAndBroken() {
        let (window, root) = constraintWindow()
        let box = constrained(root)
        box.accessibilityIdentifier = "box"
        let (_, warnings) = UsageWarning.collecting {
            LayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 100), box.heightAnchor.constraint(equalToConstant: 10)])
            let conflicting = box.widthAnchor.constraint(equalToConstant: 300)
            conflicting.isActive = true
            window.layoutIfNeeded()
            conflicting.constant = 310
            window.layoutIfNeeded()
        }
        #expect(warnings.count == 1)
        let message = warnings.first?.message ?? ""
        #expect(message.contains("View(box).width == 300"))
        #expect(message.contains("View(box).width == 100"))
        #expect(box.frame.size == Size(width: 100, height: 10))
    }

    @Test("a constraint between views in different windows is refused, reported once, and stays inactive")
    func differentWindows() {
        let (firstWindow, first) = constraintWindow()
        let (secondWindow, second) = constraintWindow()
        let constraint = first.leadingAnchor.constraint(equalTo: second.leadingAnchor)
        let (_, warnings) = UsageWarning.collecting {
            constraint.isActive = true
            constraint.isActive = true
        }
        #expect(!constraint.isActive)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("different windows") == true)
        withExtendedLifetime((firstWindow, secondWindow)) {}
    }

    @Test("a NaN or infinite constant or multiplier is refused with no trap")
    func nonFiniteNumbers() {
        let (window, root) = constraintWindow()
        let box = constrained(root)
        let nan = box.widthAnchor.constraint(equalToConstant: .nan)
        let infinite = box.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: .infinity)
        let good = box.widthAnchor.constraint(equalToConstant: 40)
        let (_, warnings) = UsageWarning.collecting {
            LayoutConstraint.activate([nan, infinite, good, box.heightAnchor.constraint(equalToConstant: 10)])
            good.constant = .infinity
            window.layoutIfNeeded()
        }
        #expect(!nan.isActive && !infinite.isActive)
        #expect(good.constant == 40)
        #expect(box.frame.width == 40)
        #expect(warnings.count == 3)
    }

    @Test("an x anchor related to a y anchor through the item initializer is refused")
    func mixedAxes() {
        let (_, root) = constraintWindow()
        let box = constrained(root)
        let constraint = LayoutConstraint(item: box, attribute: .left, relatedBy: .equal, toItem: root, attribute: .top)
        let (_, warnings) = UsageWarning.collecting { constraint.isActive = true }
        #expect(!constraint.isActive)
        #expect(warnings.first?.message.contains("x position") == true)
    }

    @Test("a view placed by frames that a required constraint contradicts keeps its frame, and the message says why")
    func forgottenTranslates() {
        let (window, root) = constraintWindow()
        let box = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(box)
        let (_, warnings) = UsageWarning.collecting {
            box.widthAnchor.constraint(equalToConstant: 200).isActive = true
            window.layoutIfNeeded()
        }
        #expect(box.frame.width == 50)
        #expect(warnings.first?.message.contains("translatesAutoresizingMaskIntoConstraints") == true)
    }

    @Test("10 000 constraints on one screen still solve")
    func tenThousandConstraints() {
        let (window, root) = constraintWindow(width: 800, height: 100_000)
        var previous: View?
        var constraints: [LayoutConstraint] = []
        for _ in 0 ..< 2500 {
            let row = constrained(root)
            constraints += [
                row.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                row.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8),
                row.heightAnchor.constraint(equalToConstant: 30),
                row.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? root.topAnchor, constant: 4),
            ]
            previous = row
        }
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        #expect(previous?.frame == Rect(x: 8, y: 2500 * 34 - 30, width: 784, height: 30))
    }
}
