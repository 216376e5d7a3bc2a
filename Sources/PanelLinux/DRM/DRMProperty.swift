#if os(Linux)
import CDRM

/// One property of a DRM object (a connector's `DPMS`, a plane's `rotation` or `type`), as
/// the kernel lists it: its id, its current value and, for an enum or bitmask, its entries'
/// names and values (a bitmask entry's value is its bit number).
struct DRMProperty {
    var id: UInt32
    var value: UInt64
    var entries: [String: UInt64]

    /// The property `name` of the object `object` of type `type` (`DRM_MODE_OBJECT_CONNECTOR`,
    /// `DRM_MODE_OBJECT_PLANE`), or nil when it has none.
    static func find(_ name: String, fd: Int32, object: UInt32, type: UInt32) -> DRMProperty? {
        guard let properties = drmModeObjectGetProperties(fd, object, type) else { return nil }
        defer { drmModeFreeObjectProperties(properties) }
        for i in 0 ..< Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, properties.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(property) }
            guard string(property.pointee.name) == name else { continue }
            var entries: [String: UInt64] = [:]
            for e in 0 ..< Int(max(property.pointee.count_enums, 0)) {
                let entry = property.pointee.enums[e]
                entries[string(entry.name)] = entry.value
            }
            return DRMProperty(id: property.pointee.prop_id, value: properties.pointee.prop_values[i], entries: entries)
        }
        return nil
    }

    /// A fixed C name field as a String (up to its first NUL, or its whole length).
    private static func string<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
#endif
