#if canImport(Glibc)
internal import Glibc
#endif

/// The check of a compiled gettext catalog (a `.mo` file, as `msgfmt` writes it) before glibc
/// loads it: glibc passes over a broken catalog silently, and a kiosk should say which file is broken.
/// The check reads the header and every string's place, and proves each lies inside the file.
public enum CatalogCheck {
    /// The `.mo` magic number, as written on a little-endian machine.
    static let magic: UInt32 = 0x9504_12DE

    /// Checks the catalog at `path`; nil when it is sound, else what is wrong with it.
    public static func problem(at path: String) -> String? {
        #if canImport(Glibc)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "cannot be read (\(String(cString: strerror(errno))))" }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return "cannot be read (\(String(cString: strerror(errno))))" }
        let size = Int(info.st_size)
        guard size >= 28 else { return "is \(size) bytes long, shorter than a catalog's header" }
        guard size <= 64 << 20 else { return "is \(size) bytes long, more than 64 MiB: not a catalog" }
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, size) }
        guard read == size else { return "could not be read whole" }
        return problem(in: bytes)
        #else
        return "cannot be read on this platform"
        #endif
    }

    /// Checks a catalog's bytes; nil when sound, else what is wrong with them.
    public static func problem(in bytes: [UInt8]) -> String? {
        guard bytes.count >= 28 else { return "is \(bytes.count) bytes long, shorter than a catalog's header" }
        func word(_ offset: Int, swapped: Bool) -> UInt32 {
            let value = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
            return swapped ? value.byteSwapped : value
        }
        let first = word(0, swapped: false)
        let swapped: Bool
        if first == magic {
            swapped = false
        } else if first == magic.byteSwapped {
            swapped = true
        } else {
            return "is not a compiled gettext catalog (no .mo magic number)"
        }
        let revision = word(4, swapped: swapped)
        guard revision >> 16 <= 1 else { return "has catalog revision \(revision >> 16), which glibc does not read" }
        let count = Int(word(8, swapped: swapped))
        let originals = Int(word(12, swapped: swapped))
        let translations = Int(word(16, swapped: swapped))
        // Each table holds `count` pairs of 32-bit words (length, offset).
        let (tableBytes, overflow) = count.multipliedReportingOverflow(by: 8)
        guard !overflow, count <= bytes.count else { return "claims \(count) strings, more than the file can hold" }
        for (name, table) in [("original", originals), ("translated", translations)] {
            guard table <= bytes.count, tableBytes <= bytes.count - table else { return "has its \(name) strings' table outside the file" }
            for i in 0 ..< count {
                let length = Int(word(table + 8 * i, swapped: swapped))
                let offset = Int(word(table + 8 * i + 4, swapped: swapped))
                // A string and its terminating NUL lie inside the file.
                guard offset < bytes.count, length < bytes.count - offset else {
                    return "has \(name) string \(i) outside the file (a truncated or damaged catalog)"
                }
            }
        }
        return nil
    }
}
