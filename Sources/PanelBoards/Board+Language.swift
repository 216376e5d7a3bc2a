/// The board's `language`: the language code the app is shown in.
extension Board {
    /// Whether `text` is a language code, with a region if given: "de", "de_AT", "zh-CN",
    /// "de_AT.UTF-8" (2–3 letters, then 2 letters or 3 digits).
    static func isLanguageTag(_ text: String) -> Bool {
        var name = Substring(text)
        if let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<cut] }
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        guard let first = parts.first, (2 ... 3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        guard parts.count > 1 else { return true }
        let region = parts[1]
        return parts.count == 2
            && ((region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter })
                || (region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber }))
    }
}
