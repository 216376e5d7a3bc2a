/// One thing to say: its text and the language to say it in.
///
/// The text is made speakable when the utterance is made: control characters (NUL included)
/// become spaces, runs of white space become one space, and text longer than
/// ``maximumLength`` characters is cut at the last word boundary before it, so that a
/// 10 000-character label costs a few seconds of speech rather than minutes. Text decoded
/// from bytes (``init(utf8:language:)``) has invalid UTF-8 replaced by U+FFFD first, which the
/// synthesiser skips.
public struct Utterance: Sendable, Hashable, CustomStringConvertible {
    /// The longest text spoken, in characters (grapheme clusters): about 40 seconds of
    /// speech at the normal rate. Longer text is truncated and ``isTruncated`` is true.
    public static let maximumLength = 500

    /// The speakable text.
    public let text: String
    /// The language (a BCP 47 tag such as `"en"`, `"de-AT"` or `"zh"`), or nil for the
    /// output's default voice.
    public let language: String?
    /// Whether the text was longer than ``maximumLength`` and was cut.
    public let isTruncated: Bool

    /// An utterance of `text` in `language`.
    public init(_ text: String, language: String? = nil) {
        let (speakable, truncated) = Utterance.speakable(text)
        self.text = speakable
        self.language = language.flatMap { $0.isEmpty ? nil : $0 }
        self.isTruncated = truncated
    }

    /// An utterance of UTF-8 bytes from outside (a file, a device): invalid sequences are
    /// replaced by U+FFFD, never passed on.
    public init(utf8 bytes: some Collection<UInt8>, language: String? = nil) {
        self.init(String(decoding: bytes, as: UTF8.self), language: language)
    }

    /// Whether there is nothing to say.
    public var isEmpty: Bool { text.isEmpty }

    /// The text, in quotes, with its language.
    public var description: String {
        language.map { "\"\(text)\" (\($0))" } ?? "\"\(text)\""
    }

    private static func speakable(_ text: String) -> (String, Bool) {
        var result = ""
        var count = 0
        var pendingSpace = false
        var truncated = false
        var lastBoundary: String.Index?
        for character in text {
            let isSpace = character.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value)
                    || scalar == "\u{FFFD}"
            }
            if isSpace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                if count + 1 >= maximumLength {
                    truncated = true
                    break
                }
                lastBoundary = result.endIndex
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            if count >= maximumLength {
                truncated = true
                break
            }
            result.append(character)
            count += 1
        }
        if truncated, let lastBoundary { result = String(result[..<lastBoundary]) }
        return (result, truncated)
    }
}
