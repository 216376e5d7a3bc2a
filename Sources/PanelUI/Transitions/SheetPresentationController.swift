/// How a page sheet sizes itself: UIKit's `UISheetPresentationController`, reached through
/// ``ViewController/sheetPresentationController`` of a controller presented as a
/// ``ModalPresentationStyle/pageSheet``.
///
/// With no detents (the default) the card is the controller's ``ViewController/preferredContentSize``
/// height plus the grabber's 20-point strip, or two thirds of the window when that is zero. With
/// detents, the card rests at one of them: a swipe up on the card moves it to the next larger
/// detent, a swipe down to the next smaller one, and a swipe down from the smallest dismisses the
/// sheet (unless ``ViewController/isModalInPresentation``).
@MainActor
public final class SheetPresentationController {
    /// A height a sheet rests at: UIKit's `UISheetPresentationController.Detent`.
    public struct Detent: Hashable, Sendable {
        /// A detent's name.
        public enum Identifier: Hashable, Sendable {
            /// Half the window.
            case medium
            /// The whole window but a 20-point strip at its top, where the screen behind shows.
            case large
        }

        /// The detent's name.
        public let identifier: Identifier

        /// Half the window's height.
        public static func medium() -> Detent { Detent(identifier: .medium) }
        /// The window's height less 20 points.
        public static func large() -> Detent { Detent(identifier: .large) }

        /// The card's height at this detent in a window `height` points tall (the grabber strip
        /// included).
        func height(inWindowOfHeight height: Double) -> Double {
            switch identifier {
            case .medium: (height / 2).rounded()
            case .large: height - SheetContainerView.topGap
            }
        }
    }

    weak var sheet: SheetContainerView?

    init() {}

    /// The heights the sheet may rest at, smallest first as they are set. Empty (the default):
    /// the sheet's height comes from ``ViewController/preferredContentSize``.
    public var detents: [Detent] = [] {
        didSet { relayout(animated: false) }
    }

    /// The detent the sheet rests at; nil for the smallest. Setting it while the sheet is up
    /// moves the card there (over 0.3 s).
    public var selectedDetentIdentifier: Detent.Identifier? {
        didSet { if selectedDetentIdentifier != oldValue { relayout(animated: true) } }
    }

    /// The detents from the smallest up, in the window `height` points tall.
    func sortedDetents(inWindowOfHeight height: Double) -> [Detent] {
        detents.sorted { $0.height(inWindowOfHeight: height) < $1.height(inWindowOfHeight: height) }
    }

    /// The detent the card rests at now; nil without detents.
    func currentDetent(inWindowOfHeight height: Double) -> Detent? {
        let sorted = sortedDetents(inWindowOfHeight: height)
        return sorted.first { $0.identifier == selectedDetentIdentifier } ?? sorted.first
    }

    private func relayout(animated: Bool) {
        guard let sheet, sheet.window != nil else { return }
        guard animated else {
            sheet.setNeedsLayout()
            return
        }
        View.animate(withDuration: 0.3) {
            sheet.setNeedsLayout()
            sheet.layoutIfNeeded()
        }
    }
}
