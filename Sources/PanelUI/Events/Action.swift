/// The name of an action: the role an Objective-C selector plays in UIKit.
///
/// Swift without the Objective-C runtime cannot look a method up by name, so PanelKit splits
/// UIKit's selector in two: a `Selector` is only the name, and an ``Action`` is a name plus the
/// code to run. Selectors compare by name; a string literal is a selector:
///
/// ```swift
/// let increment: Selector = "increment"
/// ```
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name.
    public let name: String

    /// Creates a selector with a name.
    public init(_ name: String) { self.name = name }

    /// A selector named by a string literal: `"increment"`.
    public init(stringLiteral value: String) { self.name = value }

    /// The selector's name.
    public var description: String { name }
}

/// What a control, a gesture recognizer or ``Application/sendAction(_:to:from:for:)`` runs: a
/// ``Selector`` and, optionally, the code it names.
///
/// One type covers the three ways an app wires an action (see the README's "Target-action"):
///
/// ```swift
/// // 1. A method of a target that the control holds weakly (UIKit's addTarget):
/// button.addTarget(self, action: .method("increment", Counter.increment), for: .touchUpInside)
/// // 2. A closure (UIKit's UIAction); the control holds it strongly:
/// button.addAction(.closure("log") { sender, event in print("tapped") }, for: .touchUpInside)
/// // 3. A name only, resolved when sent: with a nil target the search starts at the first
/// //    responder and walks the responder chain to a responder that registered the name.
/// button.addTarget(nil, action: "increment", for: .touchUpInside)
/// counter.registerAction(.method("increment", Counter.increment))
/// ```
///
/// A method action sent to a target of another type, or a named action sent to a target that
/// registered no handler for it, is not performed and the send returns false.
public struct Action: CustomStringConvertible {
    /// The name: the identity used to store an action once per target, to remove it, and to
    /// resolve it through the responder chain.
    public let selector: Selector

    @usableFromInline enum Body {
        case named
        case method(@MainActor (_ target: AnyObject, _ sender: AnyObject?, _ event: Event?) -> Bool)
        case closure(@MainActor (_ sender: AnyObject?, _ event: Event?) -> Void)
    }

    @usableFromInline let body: Body

    @usableFromInline init(selector: Selector, body: Body) {
        self.selector = selector
        self.body = body
    }

    /// A name only: performed by whichever target registered a handler for it
    /// (``Responder/registerAction(_:)``).
    public init(_ selector: Selector) {
        self.init(selector: selector, body: .named)
    }

    /// Whether the action carries code (a method or a closure) rather than only a name.
    public var hasBody: Bool {
        if case .named = body { return false }
        return true
    }

    /// Whether the action is a closure, which needs no target.
    public var isClosure: Bool {
        if case .closure = body { return true }
        return false
    }

    /// The name of the action's selector.
    public var description: String { selector.name }

    /// A method that takes no arguments, as `Counter.increment`.
    public static func method<Target: AnyObject>(
        _ selector: Selector, _ method: @escaping @MainActor (Target) -> () -> Void
    ) -> Action {
        Action(
            selector: selector,
            body: .method { target, _, _ in
                guard let target = target as? Target else { return false }
                method(target)()
                return true
            })
    }

    /// A method that takes the sender, as `func tapped(_ sender: Button)`. It is performed only
    /// when the sender is a `Sender`.
    public static func method<Target: AnyObject, Sender: AnyObject>(
        _ selector: Selector, _ method: @escaping @MainActor (Target) -> (Sender) -> Void
    ) -> Action {
        Action(
            selector: selector,
            body: .method { target, sender, _ in
                guard let target = target as? Target, let sender = sender as? Sender else { return false }
                method(target)(sender)
                return true
            })
    }

    /// A method that takes the sender and the event, as
    /// `func tapped(_ sender: Button, _ event: Event?)`.
    public static func method<Target: AnyObject, Sender: AnyObject>(
        _ selector: Selector, _ method: @escaping @MainActor (Target) -> (Sender, Event?) -> Void
    ) -> Action {
        Action(
            selector: selector,
            body: .method { target, sender, event in
                guard let target = target as? Target, let sender = sender as? Sender else { return false }
                method(target)(sender, event)
                return true
            })
    }

    /// A closure, UIKit's `UIAction`: it needs no target and is held strongly by whoever stores
    /// the action (capture `self` weakly in it to avoid a cycle).
    public static func closure(
        _ selector: Selector, _ handler: @escaping @MainActor (_ sender: AnyObject?, _ event: Event?) -> Void
    ) -> Action {
        Action(selector: selector, body: .closure(handler))
    }

    /// Runs the action's own code against `target`; false when it has none that applies.
    @MainActor func perform(target: AnyObject?, sender: AnyObject?, event: Event?) -> Bool {
        switch body {
        case .named:
            return false
        case .method(let invoke):
            guard let target else { return false }
            return invoke(target, sender, event)
        case .closure(let handler):
            handler(sender, event)
            return true
        }
    }
}

extension Action: ExpressibleByStringLiteral {
    /// A string literal is a named action: `button.addTarget(nil, action: "save", for: …)`.
    public init(stringLiteral value: String) {
        self.init(Selector(value))
    }
}

/// A stored target-action pair, as controls and gesture recognizers keep them: the target is
/// held weakly, and `hasTarget` remembers whether one was given, so that a released target is
/// skipped rather than mistaken for a nil target (which is resolved through the chain).
struct TargetActionPair {
    weak var target: AnyObject?
    let hasTarget: Bool
    var action: Action
    /// The control events the pair is registered for (recognizers use every event).
    var events: ControlEvents

    init(target: AnyObject?, action: Action, events: ControlEvents = .allEvents) {
        self.target = target
        self.hasTarget = target != nil
        self.action = action
        self.events = events
    }

    /// The target was given and has been released.
    var isReleased: Bool { hasTarget && target == nil }

    /// Exact match: a nil `other` matches only the pairs registered with a nil target.
    func matches(target other: AnyObject?) -> Bool {
        if let other { return hasTarget && target === other }
        return !hasTarget
    }

    /// UIKit's `removeTarget` match: a nil `other` matches every target, a nil `selector` every
    /// action.
    func matchesForRemoval(target other: AnyObject?, selector: Selector?) -> Bool {
        (other == nil || (hasTarget && target === other)) && (selector == nil || action.selector == selector)
    }
}

extension Application {
    /// Sends an action through `application` when the sender is in one (so its
    /// ``sendAction(_:to:from:for:)`` override sees it), else by the same rules directly.
    @discardableResult
    static func send(_ action: Action, to target: AnyObject?, from sender: AnyObject?, for event: Event?, via application: Application?) -> Bool {
        if let application { return application.sendAction(action, to: target, from: sender, for: event) }
        return perform(action, to: target, from: sender, for: event, keyWindow: nil)
    }
}
