internal import CHarfBuzz

/// A shared library opened with dlopen on first use (FreeType, HarfBuzz, FriBidi, and in
/// PanelLinux libxkbcommon): the libraries an app maps only when it does what needs them. The
/// handle is never closed: the functions stay in use for the process's life.
package enum LoadedLibrary {
    /// Opens `file` and makes `Functions` of it with `build`, which looks each function up by
    /// name through the `Symbols` it is given.
    ///
    /// A library that cannot be opened is `failure` of the loader's reason; a function it lacks
    /// is `failure` of "it has no NAME", followed by `requirement` in brackets when there is
    /// one (say, the version that brought the function). Either names what to install.
    package static func load<Functions, Failure: Error>(
        _ file: String, requirement: String? = nil, failure: (_ reason: String) -> Failure,
        _ build: (Symbols<Failure>) throws(Failure) -> Functions
    ) -> Result<Functions, Failure> {
        guard let handle = panel_dlopen(file) else {
            return .failure(failure(panel_dlerror().map { String(cString: $0) } ?? "not found"))
        }
        // Symbols keeps the closure only while `build` runs.
        return withoutActuallyEscaping(failure) { failure in
            let symbols = Symbols(handle: handle) { name in
                failure("it has no \(name)" + (requirement.map { " (\($0))" } ?? ""))
            }
            do throws(Failure) {
                return .success(try build(symbols))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The functions of an opened library, by name.
    package struct Symbols<Failure: Error> {
        /// The library's dlopen handle.
        let handle: UnsafeMutableRawPointer
        let missing: (_ name: String) -> Failure

        /// The function `name`, as the C declaration's type `F`.
        /// - Throws: the loader's failure naming the function, when the library lacks it.
        package func callAsFunction<F>(_ name: String) throws(Failure) -> F {
            guard let function = panel_dlsym(handle, name) else { throw missing(name) }
            return unsafeBitCast(function, to: F.self)
        }
    }
}
