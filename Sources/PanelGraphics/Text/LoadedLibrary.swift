internal import CHarfBuzz

/// A shared library opened with dlopen on first use (HarfBuzz, FriBidi): the text libraries an
/// app maps only when it draws what needs them. The handle is never closed: the functions stay
/// in use for the process's life.
struct LoadedLibrary {
    let file: String
    private let handle: UnsafeMutableRawPointer

    /// `file` opened, or the loader's reason it could not be ("not found" without one).
    static func open(_ file: String) -> Result<LoadedLibrary, LoadFailure> {
        guard let handle = panel_dlopen(file) else {
            return .failure(LoadFailure(reason: panel_dlerror().map { String(cString: $0) } ?? "not found"))
        }
        return .success(LoadedLibrary(file: file, handle: handle))
    }

    /// The function `name`, as the C declaration's type `F`; nil when the library lacks it.
    func function<F>(_ name: String, as type: F.Type = F.self) -> F? {
        panel_dlsym(handle, name).map { unsafeBitCast($0, to: F.self) }
    }

    /// Why a library could not be opened.
    struct LoadFailure: Error {
        let reason: String
    }
}
