/// The board's key inputs: keyboards, keypads, `gpio-keys` buttons and IR receivers that the
/// kernel presents as input devices, and the keyboard layout they type with.
extension Board {
    /// The `keys` object.
    public struct Keys: Hashable, Sendable {
        /// The input devices, each found by path or name.
        public var devices: [KeyDevice] = []
        /// The XKB layout (`us`, `de`, `fr`…); nil: `us`.
        public var layout: String?
        /// The layout's variant (`nodeadkeys`), or empty.
        public var variant = ""
        /// XKB options (`ctrl:nocaps`), or empty.
        public var options = ""

        /// The `keys` object: `devices` typed through `layout` (nil: `us`), its `variant` and XKB `options`.
        public init(devices: [KeyDevice] = [], layout: String? = nil, variant: String = "", options: String = "") {
            self.devices = devices
            self.layout = layout
            self.variant = variant
            self.options = options
        }
    }

    /// One key device of `keys.devices`.
    public struct KeyDevice: Hashable, Sendable, CustomStringConvertible {
        /// `/dev/input/eventN`, or nil to find it by ``names``.
        public var device: String?
        /// The kernel's device names to look for (`Name=` in /proc/bus/input/devices), first
        /// found wins: exact, else contained (case-insensitive).
        public var names: [String]
        /// Take the device for this process alone (`EVIOCGRAB`), so typing does not reach the
        /// console. Default true.
        public var grab: Bool
        /// A device that may be absent (a USB keyboard plugged in for service): missing, it is
        /// skipped with one line instead of stopping the app.
        public var optional: Bool

        /// A key device at `device`, or found by `names`; grabbed unless `grab` is false; `optional`
        /// devices may be absent.
        public init(device: String? = nil, names: [String] = [], grab: Bool = true, optional: Bool = false) {
            self.device = device
            self.names = names
            self.grab = grab
            self.optional = optional
        }

        /// The device's path, or the names it is looked for by.
        public var description: String {
            device ?? names.map { "\"\($0)\"" }.joined(separator: " or ")
        }
    }

    static let keysKeys = ["devices", "layout", "variant", "options"]
    static let keyDeviceKeys = ["device", "device-name", "grab", "optional"]

    static func decodeKeys(_ value: JSONValue?, reader r: inout BoardReader) -> Keys {
        var keys = Keys()
        guard let value, let k = r.object(value, at: "keys", known: keysKeys) else { return keys }
        keys.layout = r.string(k, "layout", at: "keys", example: "\"us\"")
        if keys.layout?.isEmpty == true { r.issue("keys.layout", "is empty", "name an XKB layout such as \"us\" or \"de\", or remove the key") }
        keys.variant = r.string(k, "variant", at: "keys", example: "\"nodeadkeys\"") ?? ""
        keys.options = r.string(k, "options", at: "keys", example: "\"ctrl:nocaps\"") ?? ""
        switch k["devices"] {
        case .none:
            r.issue("keys.devices", "missing", "list the key devices, e.g. [{\"device-name\": \"gpio-keys\"}]")
        case .some(.array(let items)):
            for (i, item) in items.enumerated() {
                let path = "keys.devices[\(i)]"
                guard let d = r.object(item, at: path, known: keyDeviceKeys) else { continue }
                var device = KeyDevice()
                device.device = r.string(d, "device", at: path, example: "\"/dev/input/event1\"")
                if let given = device.device, !given.hasPrefix("/dev/input/") {
                    r.issue("\(path).device", "\"\(given)\" is not an input device", "write \"/dev/input/eventN\", or find it by \"device-name\"")
                }
                device.names = r.deviceNames(d, at: path)
                if d["device"] == nil && d["device-name"] == nil {
                    r.issue(path, "names no device", "add \"device-name\" (the Name= line of /proc/bus/input/devices) or \"device\"")
                }
                device.grab = r.bool(d, "grab", at: path) ?? true
                device.optional = r.bool(d, "optional", at: path) ?? false
                keys.devices.append(device)
            }
        case .some(let v):
            r.issue("keys.devices", "is \(v.typeName)", "write an array of devices, e.g. [{\"device-name\": \"gpio-keys\"}]")
        }
        return keys
    }
}
