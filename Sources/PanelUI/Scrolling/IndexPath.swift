/// A row's place in a sectioned ``ListView``: its section and its row in that section
/// (UIKit's `IndexPath` for tables). Ordered section first.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section.
    public var section: Int
    /// The row within the section.
    public var row: Int

    /// Row `row` of section `section`.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// Whether `a` comes before `b`: an earlier section, or the same section and an earlier row.
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.row < b.row
    }

    /// "[section, row]".
    public var description: String { "[\(section), \(row)]" }
}
