import Logging
import PanelGraphics
import PanelLinuxPlatform
public import PanelLocale

/// Where an app's translations are: gettext catalogs of `domain`, one folder per language
/// under `directory` (`<directory>/de/LC_MESSAGES/<domain>.mo`), as `scripts/translations
/// compile` writes them and a package installs them (`/usr/share/locale` is the system's own).
public struct TranslationCatalogs: Hashable, Sendable {
    /// The catalogs' file name without `.mo`.
    public var domain: String
    /// The folder with a subfolder per language.
    public var directory: String

    /// Catalogs of `domain` under `directory`.
    public init(domain: String, directory: String) {
        self.domain = domain
        self.directory = directory
    }
}

extension PanelRuntime {
    /// The language to start in: `--language`, else the board's `language`, else the
    /// environment's (`PANELKIT_LANGUAGE`, `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`); English
    /// when none names one, or the board's is not a language.
    public var startLanguage: Language {
        options.language ?? board.language ?? Language.fromEnvironment() ?? .english
    }

    /// Gives the app its translations and switches to ``startLanguage``. A language without a
    /// catalog, with a broken one, or without its locale, is logged once (naming the file or the
    /// fix) and the app runs on in its source strings; so is a right-to-left language on a
    /// system without FriBidi (its text is then drawn in logical order).
    public func useTranslations(_ catalogs: TranslationCatalogs) {
        let language = startLanguage
        application.translator = Translator(domain: catalogs.domain, directory: catalogs.directory)
        if let issue = application.setLanguage(language) {
            logger.subsystem("language").warning("\(issue)")
        }
        // Right-to-left text needs FriBidi: without it the text is drawn in logical order.
        if language.isRightToLeft, let problem = FontFamily.rightToLeftUnavailable {
            logger.subsystem("language").warning("\(problem)")
        }
    }
}
