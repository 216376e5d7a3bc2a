#if os(Linux)
import Glibc
import CDRM

/// A display mode: its size and refresh, as `modetest` and `xrandr` print it ("800x480@60").
public struct DRMMode: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Refresh in Hz (rounded).
    public var refresh: Int
    /// Whether the connector prefers it.
    public var preferred: Bool
    let raw: drmModeModeInfo

    init(_ raw: drmModeModeInfo) {
        self.raw = raw
        width = Int(raw.hdisplay)
        height = Int(raw.vdisplay)
        refresh = Int(raw.vrefresh)
        preferred = raw.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
    }

    public var description: String { "\(width)x\(height)@\(refresh)" }

    /// Whether `text` ("800x480" or "800x480@60") names this mode.
    public func matches(_ text: String) -> Bool {
        let parts = text.split(separator: "@", maxSplits: 1)
        guard parts.first.map(String.init) == "\(width)x\(height)" else { return false }
        return parts.count == 1 || Int(parts[1]) == refresh
    }

    public static func == (a: DRMMode, b: DRMMode) -> Bool {
        a.width == b.width && a.height == b.height && a.refresh == b.refresh && a.preferred == b.preferred
            && withUnsafeBytes(of: a.raw) { x in withUnsafeBytes(of: b.raw) { y in x.elementsEqual(y) } }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(refresh)
    }
}

/// A connector of a card, as probed: its name (`HDMI-A-1`, `DSI-1`, `Virtual-1`), whether a
/// display is attached, and its modes.
public struct DRMConnector: Hashable, Sendable, CustomStringConvertible {
    public var id: UInt32
    public var name: String
    public var connected: Bool
    public var modes: [DRMMode]
    /// The encoders it can use, and the one it uses now (0: none).
    var encoders: [UInt32]
    var currentEncoder: UInt32

    public var description: String { "\(name) (\(connected ? "connected" : "disconnected"))" }
}

/// Which connector, mode and CRTC a display uses: chosen by ``DRMOutput/choose(fd:path:connector:mode:)``.
public struct DRMOutput: Hashable, Sendable {
    public var connector: DRMConnector
    public var mode: DRMMode
    public var crtc: UInt32

    /// Probes the card on `fd` and picks: the named connector, else the first connected one;
    /// the named mode ("800x480", "800x480@60"), else the connector's preferred one, else its
    /// first; a CRTC its encoders can drive (the current one when there is one).
    /// - Throws: ``DRMError``: not a KMS device, no connected connector, an unknown connector or
    ///   mode (listing what there is).
    public static func choose(fd: Int32, path: String, connector wantedConnector: String?, mode wantedMode: String?) throws(DRMError) -> DRMOutput {
        guard let resources = drmModeGetResources(fd) else { throw .notModesetting(path: path) }
        defer { drmModeFreeResources(resources) }
        let crtcs = Array(UnsafeBufferPointer(start: resources.pointee.crtcs, count: Int(resources.pointee.count_crtcs)))
        let connectors = Self.connectors(fd: fd)
        let chosen: DRMConnector
        if let wantedConnector {
            guard let named = connectors.first(where: { $0.name == wantedConnector }) else {
                throw .connectorNotFound(path: path, name: wantedConnector, connectors: connectors.map(\.description))
            }
            guard named.connected, !named.modes.isEmpty else { throw .noConnectedConnector(path: path, connectors: connectors.map(\.description)) }
            chosen = named
        } else {
            guard let first = connectors.first(where: { $0.connected && !$0.modes.isEmpty }) else {
                throw .noConnectedConnector(path: path, connectors: connectors.map(\.description))
            }
            chosen = first
        }
        let mode: DRMMode
        if let wantedMode {
            guard let named = chosen.modes.first(where: { $0.matches(wantedMode) }) else {
                throw .modeNotFound(path: path, connector: chosen.name, wanted: wantedMode, available: chosen.modes.map(\.description))
            }
            mode = named
        } else {
            mode = chosen.modes.first(where: \.preferred) ?? chosen.modes[0]
        }
        guard let crtc = Self.crtc(fd: fd, connector: chosen, crtcs: crtcs) else {
            throw .systemCallFailed(path: path, call: "finding a CRTC for \(chosen.name)", errno: ENODEV)
        }
        return DRMOutput(connector: chosen, mode: mode, crtc: crtc)
    }

    /// The connectors of the card on `fd`, for errors and `panelctl probe`.
    public static func connectors(fd: Int32) -> [DRMConnector] {
        guard let resources = drmModeGetResources(fd) else { return [] }
        defer { drmModeFreeResources(resources) }
        return UnsafeBufferPointer(start: resources.pointee.connectors, count: Int(resources.pointee.count_connectors))
            .compactMap { probe(fd: fd, id: $0) }
    }

    private static func probe(fd: Int32, id: UInt32) -> DRMConnector? {
        guard let c = drmModeGetConnector(fd, id) else { return nil }
        defer { drmModeFreeConnector(c) }
        let typeName = drmModeGetConnectorTypeName(c.pointee.connector_type).map { String(cString: $0) } ?? "Unknown"
        let modes = UnsafeBufferPointer(start: c.pointee.modes, count: Int(c.pointee.count_modes)).map(DRMMode.init)
        let encoders = Array(UnsafeBufferPointer(start: c.pointee.encoders, count: Int(c.pointee.count_encoders)))
        return DRMConnector(
            id: id, name: "\(typeName)-\(c.pointee.connector_type_id)", connected: c.pointee.connection == DRM_MODE_CONNECTED,
            modes: modes, encoders: encoders, currentEncoder: c.pointee.encoder_id)
    }

    /// The CRTC driving the connector now, else the first free one an encoder of it can use.
    private static func crtc(fd: Int32, connector: DRMConnector, crtcs: [UInt32]) -> UInt32? {
        if connector.currentEncoder != 0, let encoder = drmModeGetEncoder(fd, connector.currentEncoder) {
            defer { drmModeFreeEncoder(encoder) }
            if encoder.pointee.crtc_id != 0 { return encoder.pointee.crtc_id }
        }
        for id in connector.encoders {
            guard let encoder = drmModeGetEncoder(fd, id) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            for (index, crtc) in crtcs.enumerated() where index < 32 && encoder.pointee.possible_crtcs & (1 << UInt32(index)) != 0 {
                return crtc
            }
        }
        return nil
    }
}
#endif
