#if os(Linux)
import Glibc
import CDRM

/// The DRM cards of the machine (`/dev/dri/cardN`), for choosing a display.
public enum DRMCards {
    /// Opens a card read-write.
    /// - Throws: ``DRMError``: missing, not permitted, or another open failure.
    static func open(_ path: String) throws(DRMError) -> Int32 {
        switch Syscall.open(path, flags: O_RDWR | O_CLOEXEC) {
        case .success(let fd): return fd
        case .failure(let e) where e.rawValue == ENOENT || e.rawValue == ENODEV || e.rawValue == ENXIO: throw .deviceNotFound(path: path)
        case .failure(let e) where e.rawValue == EACCES || e.rawValue == EPERM: throw .permissionDenied(path: path)
        case .failure(let e): throw .systemCallFailed(path: path, call: "open", errno: e.rawValue)
        }
    }

    /// The card nodes present, in number order.
    public static func all(in directory: String = "/dev/dri") -> [String] {
        (0 ..< 16).map { "\(directory)/card\($0)" }.filter { Syscall.access($0, F_OK) }
    }

    /// The first card that can set modes and has a display connected; nil when there is no
    /// DRM card at all. A card that exists but cannot be used (permission, nothing connected)
    /// is returned too when it is the only one, so that opening it says what is wrong.
    public static func firstConnected(in directory: String = "/dev/dri") -> String? {
        let cards = all(in: directory)
        for path in cards {
            guard case .success(let fd) = Syscall.open(path, flags: O_RDWR | O_CLOEXEC) else { continue }
            defer { Syscall.close(fd) }
            if DRMOutput.connectors(fd: fd).contains(where: { $0.connected && !$0.modes.isEmpty }) { return path }
        }
        return cards.first
    }
}
#endif
