import Observation
import PanelPlatform
internal import Synchronization

/// The passes of a view whose reads of `@Observable` properties are tracked, as UIKit 26 tracks
/// them: ``View/updateProperties()`` (with its controller's), ``View/layoutSubviews()`` (with
/// `viewWillLayoutSubviews`) and ``View/draw(_:in:)``.
struct ObservedPasses: OptionSet, Sendable {
    let rawValue: UInt8
    static let updateProperties = ObservedPasses(rawValue: 1)
    static let layout = ObservedPasses(rawValue: 2)
    static let display = ObservedPasses(rawValue: 4)
}

extension View {
    /// Runs `body`, one of the view's passes, tracking the `@Observable` properties it reads:
    /// a change to one of them (on any thread) asks for the pass again, so the views that read a
    /// property, and only those, update, once per turn however often it changes. A pass that
    /// reads none costs a thread-local read and write and allocates nothing.
    ///
    /// While a pass's tracking waits for a change, the pass runs again untracked (a redraw for
    /// a neighbour's sake reads what the tracked one read): registrations do not pile up in a
    /// model that does not change.
    func observing<Result>(_ pass: ObservedPasses, _ body: () -> Result) -> Result {
        guard !observedPasses.contains(pass) else { return body() }
        // The change handler is made (and the pass marked as tracked) only when the body read an
        // observable property: withObservationTracking evaluates it only then.
        return withObservationTracking(body, onChange: startedTracking(pass))
    }

    private func startedTracking(_ pass: ObservedPasses) -> @Sendable () -> Void {
        observedPasses.insert(pass)
        return { [weak self] in ObservedChanges.post(self, pass) }
    }

    /// A property a tracked pass read has changed: the pass runs again.
    func observedPropertyChanged(_ pass: ObservedPasses) {
        observedPasses.remove(pass)
        switch pass {
        case .updateProperties: setNeedsUpdateProperties()
        case .layout: setNeedsLayout()
        default: setNeedsDisplay()
        }
    }
}

/// The changes tracked passes heard of, from any thread, until the next turn's update pass
/// takes them (``Application/layoutIfNeeded()``): a change on the main actor during a turn
/// shows in that turn's frame; one on another thread wakes the loop for a turn.
enum ObservedChanges {
    private struct Change: Sendable {
        weak var view: View?
        let pass: ObservedPasses
    }

    private static let pending = Mutex<[Change]>([])
    private static let waiting = Atomic<Bool>(false)
    /// The buffer the changes are swapped into, kept between turns: delivering allocates nothing.
    @MainActor private static var spare: [Change] = []

    /// Called by Observation, on the thread that changes the property, before it changes.
    static func post(_ view: View?, _ pass: ObservedPasses) {
        guard let view else { return }
        pending.withLock { $0.append(Change(view: view, pass: pass)) }
        waiting.store(true, ordering: .releasing)
        MainActorJobs.wakeLoop()
    }

    /// Hands the changes heard since the last call to their views (the start of the update pass).
    @MainActor
    static func deliver() {
        guard waiting.exchange(false, ordering: .acquiringAndReleasing) else { return }
        var changes = spare
        spare = []
        pending.withLock { swap(&$0, &changes) }
        for change in changes { change.view?.observedPropertyChanged(change.pass) }
        changes.removeAll(keepingCapacity: true)
        spare = changes
    }
}
