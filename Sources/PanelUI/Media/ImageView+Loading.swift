extension ImageView {
    /// Shows the image in the file at `path`, decoded off the UI thread: the image at once when
    /// `cache` holds it, else `placeholder` until the decode finishes on a background task; then
    /// the image (or, if the file cannot be read, the placeholder stays and `completion` gets
    /// the `ImageError` naming the file). A later load or a set ``image`` wins over an earlier
    /// load still under way. Without a window in an application, the file is decoded at once.
    ///
    /// Decoders are the cache's: add `JPEGDecoder()` (PanelJPEG) to read JPEG files.
    public func loadImage(
        contentsOfFile path: String, cache: ImageCache = .shared, placeholder: Image? = nil,
        completion: (@MainActor (Result<Image, ImageError>) -> Void)? = nil
    ) {
        loadID = 0
        if let cached = cache.cachedImage(forKey: path) {
            image = cached
            completion?(.success(cached))
            return
        }
        guard let application = window?.application else {
            do {
                image = try cache.image(contentsOfFile: path)
                completion?(.success(image!))
            } catch {
                image = placeholder
                completion?(.failure(error))
            }
            return
        }
        image = placeholder
        loadID = application.decodeInBackground(path, cache: cache, for: self, completion: completion)
    }

    /// A background decode finished: shown if it is still the one awaited.
    func finishLoad(id: UInt64, _ outcome: Result<Image, ImageError>) {
        guard id == loadID else { return }
        loadID = 0
        if case .success(let decoded) = outcome { image = decoded }
    }

    /// Whether a background load is under way.
    public var isLoading: Bool { loadID != 0 }
}
