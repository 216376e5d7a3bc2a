/// Calls `body` with `text`'s UTF-8 bytes, without copying them when they are contiguous (a
/// native `String`, or a `Substring` of one): measuring or drawing a line of a longer text
/// allocates nothing. Other text is copied first.
@inline(__always)
func withUTF8Bytes<R>(of text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var string = String(text)
    return string.withUTF8(body)
}
