/// Images decoded off the UI thread on an application's behalf: a detached task decodes through
/// the `ImageCache`; the result comes back on the main actor, which the run loop runs between
/// its turns (`MainActorJobs`), and goes to the image view still waiting for it.
extension Application {
    /// Decodes `path` through `cache` on a background task and hands the image (or the error)
    /// to `view` and `completion` on the main actor. Returns the load's id.
    func decodeInBackground(_ path: String, cache: ImageCache, for view: ImageView, completion: (@MainActor (Result<Image, ImageError>) -> Void)?) -> UInt64 {
        imageLoads.lastLoad &+= 1
        let id = imageLoads.lastLoad
        imageLoads.underWay += 1
        Task { @MainActor [weak view] in
            let outcome = await Task.detached(priority: .utility) {
                Result { () throws(ImageError) -> Image in try cache.image(contentsOfFile: path) }
            }.value
            self.imageLoads.underWay -= 1
            view?.finishLoad(id: id, outcome)
            completion?(outcome)
        }
        return id
    }

    /// Whether background decodes are under way.
    public var isDecodingImages: Bool { imageLoads.underWay > 0 }
}
