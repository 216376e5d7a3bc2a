#if canImport(Glibc)
internal import Glibc
#endif

/// The conventions of a language and country as glibc's locale data states them: month and
/// weekday names, the order of a date's fields, the 12- or 24-hour clock, the first day of the
/// week and the decimal separator. Read once from `newlocale`/`nl_langinfo_l` and kept as
/// plain values, so it is cheap to pass around and safe on any thread; nothing of Foundation.
///
/// A locale must be installed (compiled) to be read: Debian's `locales` package with the
/// locale generated (`localedef -i de_DE -f UTF-8 de_DE.UTF-8`, which `scripts/setup` does for
/// the locales PanelKit's tests use), or `locales-all`.
public struct LocaleInfo: Hashable, Sendable {
    /// A field of a date, in the order a locale writes it.
    public enum DateField: Hashable, Sendable {
        /// The day of the month.
        case day
        /// The month.
        case month
        /// The year.
        case year
    }

    /// The identifier it was read from, such as "de_DE.UTF-8".
    public private(set) var identifier: String
    /// The months' names, January first (12).
    public let monthNames: [String]
    /// The months' abbreviated names (12).
    public let shortMonthNames: [String]
    /// The weekdays' names, Sunday first (7).
    public let weekdayNames: [String]
    /// The weekdays' abbreviated names, Sunday first (7).
    public let shortWeekdayNames: [String]
    /// The morning and afternoon markers of the 12-hour clock ("AM", "PM"; empty where the
    /// locale has none).
    public let amSymbol: String, pmSymbol: String
    /// The order of day, month and year in the locale's short date ("%d.%m.%Y": day, month, year).
    public let dateOrder: [DateField]
    /// Whether the 12-hour clock's marker comes before the hour ("%p %I:%M", as in Chinese).
    public let amPMFirst: Bool
    /// Whether the locale writes times on a 24-hour clock (its time format has `%H`, `%k` or
    /// `%T`, not `%I`, `%l` or `%r`).
    public let uses24HourClock: Bool
    /// The first day of the week: 1 Sunday, 2 Monday … 7 Saturday.
    public let firstWeekday: Int
    /// The decimal separator ("." or ",").
    public let decimalSeparator: String
    /// The thousands separator (may be empty).
    public let groupingSeparator: String

    /// The POSIX ("C") locale: English names, month/day/year, a 24-hour clock, Sunday first.
    public static let posix = LocaleInfo(
        identifier: "C",
        monthNames: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        shortMonthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        weekdayNames: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        shortWeekdayNames: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        amSymbol: "AM", pmSymbol: "PM", amPMFirst: false, dateOrder: [.month, .day, .year], uses24HourClock: true,
        firstWeekday: 1, decimalSeparator: ".", groupingSeparator: "")

    /// A locale made of the given conventions (for tests, or conventions glibc lacks).
    public init(
        identifier: String, monthNames: [String], shortMonthNames: [String], weekdayNames: [String], shortWeekdayNames: [String],
        amSymbol: String, pmSymbol: String, amPMFirst: Bool = false, dateOrder: [DateField], uses24HourClock: Bool, firstWeekday: Int,
        decimalSeparator: String, groupingSeparator: String
    ) {
        self.identifier = identifier
        self.monthNames = LocaleInfo.padded(monthNames, 12)
        self.shortMonthNames = LocaleInfo.padded(shortMonthNames, 12)
        self.weekdayNames = LocaleInfo.padded(weekdayNames, 7)
        self.shortWeekdayNames = LocaleInfo.padded(shortWeekdayNames, 7)
        self.amSymbol = amSymbol
        self.pmSymbol = pmSymbol
        self.amPMFirst = amPMFirst
        self.dateOrder = Set(dateOrder).count == 3 && dateOrder.count == 3 ? dateOrder : [.month, .day, .year]
        self.uses24HourClock = uses24HourClock
        self.firstWeekday = (1 ... 7).contains(firstWeekday) ? firstWeekday : 1
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
    }

    private static func padded(_ names: [String], _ count: Int) -> [String] {
        names.count >= count ? Array(names.prefix(count)) : names + (names.count ..< count).map { String($0 + 1) }
    }

    /// The locale of the environment's time conventions: `LC_ALL`, else `LC_TIME`, else `LANG`
    /// (POSIX's order); the POSIX locale when none is set or the one named is not installed.
    public static func current() -> LocaleInfo {
        #if canImport(Glibc)
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            guard let value = getenv(name) else { continue }
            let identifier = String(cString: value)
            guard !identifier.isEmpty else { continue }
            return (try? LocaleInfo(identifier: identifier)) ?? .posix
        }
        #endif
        return .posix
    }

    /// Whether `identifier` names the POSIX locale: "C", "POSIX", or C with a character set
    /// ("C.UTF-8", "C.utf8").
    static func isPOSIX(_ identifier: String) -> Bool {
        identifier == "C" || identifier == "POSIX" || identifier.hasPrefix("C.")
    }

    /// Reads the locale `identifier` ("de_DE.UTF-8", "en_US.UTF-8", "C").
    /// - Throws: ``LocaleError/notInstalled(_:)`` when glibc has no such locale.
    public init(identifier: String) throws(LocaleError) {
        if LocaleInfo.isPOSIX(identifier) {
            // glibc's C.UTF-8 differs from C only in its character set; its time and number
            // conventions are POSIX's. Built in, so no locale is loaded: asking glibc for it maps
            // its locale archive, about 0.6 MB resident, for conventions already known.
            self = .posix
            self.identifier = identifier
            return
        }
        #if canImport(Glibc)
        let mask = Int32((1 << LC_TIME) | (1 << LC_NUMERIC))
        guard !identifier.isEmpty, let locale = newlocale(mask, identifier, nil) else {
            throw LocaleError.notInstalled(identifier)
        }
        defer { freelocale(locale) }
        func text(_ item: Int32) -> String {
            guard let value = nl_langinfo_l(nl_item(item), locale) else { return "" }
            return String(cString: value)
        }
        let months = (0 ..< 12).map { text(Int32(MON_1) + Int32($0)) }
        let shortMonths = (0 ..< 12).map { text(Int32(ABMON_1) + Int32($0)) }
        let days = (0 ..< 7).map { text(Int32(DAY_1) + Int32($0)) }
        let shortDays = (0 ..< 7).map { text(Int32(ABDAY_1) + Int32($0)) }
        // _NL_TIME_FIRST_WEEKDAY is a byte counted from _NL_TIME_WEEK_1STDAY's day (an
        // integer date, 19971130 a Sunday or 19971201 a Monday).
        var first = 1
        if let value = nl_langinfo_l(nl_item(_NL_TIME_FIRST_WEEKDAY), locale) {
            let offset = Int(UInt8(bitPattern: value[0]))
            let base = UInt(bitPattern: nl_langinfo_l(nl_item(_NL_TIME_WEEK_1STDAY), locale)) & 0xFFFF_FFFF
            let baseDay = base == 19_971_201 ? 2 : 1
            if (1 ... 7).contains(offset) { first = (baseDay - 1 + offset - 1) % 7 + 1 }
        }
        self.init(
            identifier: identifier, monthNames: months, shortMonthNames: shortMonths, weekdayNames: days, shortWeekdayNames: shortDays,
            amSymbol: text(Int32(AM_STR)), pmSymbol: text(Int32(PM_STR)),
            amPMFirst: LocaleInfo.marksBeforeHour(text(Int32(T_FMT_AMPM))), dateOrder: LocaleInfo.order(ofDateFormat: text(Int32(D_FMT))),
            uses24HourClock: LocaleInfo.is24Hour(timeFormat: text(Int32(T_FMT))), firstWeekday: first,
            decimalSeparator: text(Int32(RADIXCHAR)), groupingSeparator: text(Int32(THOUSEP)))
        #else
        guard identifier == "C" || identifier == "POSIX" else { throw LocaleError.notInstalled(identifier) }
        self = .posix
        #endif
    }

    /// The order of day, month and year in a strftime date format ("%d.%m.%Y", "%D", "%F").
    static func order(ofDateFormat format: String) -> [DateField] {
        var order: [DateField] = []
        var percent = false
        for c in format {
            if percent {
                percent = false
                let fields: [DateField]
                switch c {
                case "d", "e": fields = [.day]
                case "m", "b", "B", "h": fields = [.month]
                case "y", "Y", "C", "G", "g": fields = [.year]
                case "D": fields = [.month, .day, .year]
                case "F": fields = [.year, .month, .day]
                default: fields = []
                }
                for field in fields where !order.contains(field) { order.append(field) }
            } else if c == "%" {
                percent = true
            }
        }
        return order.count == 3 ? order : [.month, .day, .year]
    }

    /// Whether `%p` comes before the hour in a strftime time format.
    static func marksBeforeHour(_ format: String) -> Bool {
        var percent = false
        for c in format {
            if percent {
                percent = false
                switch c {
                case "p", "P": return true
                case "I", "l", "H", "k", "r", "T", "R": return false
                default: break
                }
            } else if c == "%" {
                percent = true
            }
        }
        return false
    }

    /// Whether a strftime time format is on a 24-hour clock.
    static func is24Hour(timeFormat format: String) -> Bool {
        var percent = false
        for c in format {
            if percent {
                percent = false
                switch c {
                case "I", "l", "r": return false
                case "H", "k", "T", "R": return true
                default: break
                }
            } else if c == "%" {
                percent = true
            }
        }
        return true
    }
}

/// Why a locale could not be read.
public enum LocaleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// glibc has no compiled locale of that name.
    case notInstalled(String)

    /// What went wrong and the fix.
    public var description: String {
        switch self {
        case .notInstalled(let identifier):
            let base = identifier.split(separator: ".").first.map(String.init) ?? identifier
            return
                "locale \"\(identifier)\" is not installed; generate it (localedef -i \(base) -f UTF-8 \(base).UTF-8, as root) or install Debian's locales-all"
        }
    }
}
