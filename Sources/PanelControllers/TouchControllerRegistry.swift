public import PanelBoards

/// The touch controllers PanelKit drives: a board file's `touch.compatible` picks one of them.
///
/// Adding a controller is a driver, an emulator, a ``TouchController`` and one line here.
/// An app with a controller of its own passes a registry that lists it too
/// (`TouchControllerRegistry.standard.adding(MyChip.self)`).
public struct TouchControllerRegistry: Sendable, Equatable {
    /// The controllers, in the order their compatibles are suggested.
    public var controllers: [any TouchController.Type]

    /// A registry of `controllers`.
    public init(_ controllers: [any TouchController.Type]) {
        self.controllers = controllers
    }

    /// The controllers PanelKit ships.
    public static let standard = TouchControllerRegistry([
        FocalTechController.self,
        GoodixController.self,
        HynitronController.self,
    ])

    /// Whether two registries list the same controllers in the same order.
    public static func == (a: TouchControllerRegistry, b: TouchControllerRegistry) -> Bool {
        a.controllers.map { ObjectIdentifier($0) } == b.controllers.map { ObjectIdentifier($0) }
    }

    /// This registry and `controller`.
    public func adding(_ controller: any TouchController.Type) -> TouchControllerRegistry {
        TouchControllerRegistry(controllers + [controller])
    }

    /// What board files may name: every controller's model.
    public var catalog: ControllerCatalog { ControllerCatalog(controllers.map { $0.model }) }

    /// The controller that drives `board`'s touch; nil for an evdev board (the kernel drives it).
    public func controller(for board: Board) -> (any TouchController.Type)? {
        controllers.first { $0.model.driver == board.touch.driver }
    }
}

extension ControllerCatalog {
    /// The catalog of the controllers PanelKit ships (``TouchControllerRegistry/standard``).
    public static var standard: ControllerCatalog { TouchControllerRegistry.standard.catalog }
}

extension BoardLoader {
    /// A loader of the boards whose controllers `registry` knows (default: the ones PanelKit
    /// ships), with the search path, calibration directory and built-in boards of
    /// ``BoardLoader/init(controllers:searchPath:calibrationDirectory:includesBuiltInBoards:)``.
    public init(
        registry: TouchControllerRegistry = .standard, searchPath: [String]? = nil, calibrationDirectory: String?? = nil, includesBuiltInBoards: Bool = true
    ) {
        self.init(
            controllers: registry.catalog, searchPath: searchPath, calibrationDirectory: calibrationDirectory, includesBuiltInBoards: includesBuiltInBoards)
    }
}
