public import Logging
public import PanelLinuxPlatform
public import PanelPlatform
public import PanelUI

/// A platform factory as a bare closure, as apps passed it before ``PlatformFactory`` was a
/// type of its own.
public typealias PlatformClosure = @MainActor @Sendable (PlatformContext) throws(PanelKitError) -> any Platform

extension PanelApp {
    /// Runs the app on the platform `platform` makes.
    @available(*, deprecated, message: "pass a PlatformFactory: platform: PlatformFactory(name: \"my-platform\") { context in … }")
    @MainActor
    public static func main(
        board: String = "mock", session: ScriptedSession? = nil, platform: @escaping PlatformClosure, speech: SpeechFactory? = nil,
        translations: TranslationCatalogs? = nil, rootViewController: @MainActor () -> ViewController
    ) -> Never {
        main(
            board: board, session: session, platform: PlatformFactory(platform), speech: speech, translations: translations,
            rootViewController: rootViewController)
    }

    /// Runs the app, with a window that `buildWindow` fills, on the platform `platform` makes.
    @available(*, deprecated, message: "pass a PlatformFactory: platform: PlatformFactory(name: \"my-platform\") { context in … }")
    @MainActor
    public static func main(
        board: String = "mock", session: ScriptedSession? = nil, platform: @escaping PlatformClosure, speech: SpeechFactory? = nil,
        translations: TranslationCatalogs? = nil, buildWindow: @MainActor (Window) -> Void
    ) -> Never {
        main(board: board, session: session, platform: PlatformFactory(platform), speech: speech, translations: translations, buildWindow: buildWindow)
    }
}

extension PanelRuntime {
    /// A runtime on the platform `factory` makes.
    @available(*, deprecated, message: "pass a PlatformFactory: platform: PlatformFactory(name: \"my-platform\") { context in … }")
    public convenience init(options: PanelAppOptions, logger: Logger = .silent, platform factory: @escaping PlatformClosure) throws(PanelKitError) {
        try self.init(options: options, logger: logger, platform: PlatformFactory(factory))
    }
}
