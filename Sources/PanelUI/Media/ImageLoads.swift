internal import Synchronization

/// Images decoded off the UI thread on an application's behalf: a background task decodes
/// through the `ImageCache` and leaves its result here; the run loop hands it to the waiting
/// image view on its next turn (it is woken for it). The UI thread checks one atomic flag per
/// turn, so a steady screen allocates nothing for this.
final class ImageLoads: Sendable {
    struct Result: Sendable {
        var id: UInt64
        var outcome: Swift.Result<Image, ImageError>
    }

    private let inbox = Mutex<[Result]>([])
    private let ready = Atomic<Bool>(false)

    /// Leaves a result (any thread).
    func deliver(_ result: Result) {
        inbox.withLock { $0.append(result) }
        ready.store(true, ordering: .releasing)
    }

    /// Whether results wait.
    var hasResults: Bool { ready.load(ordering: .acquiring) }

    /// Takes the waiting results.
    func take() -> [Result] {
        ready.store(false, ordering: .releasing)
        return inbox.withLock { inbox in
            let taken = inbox
            inbox.removeAll()
            return taken
        }
    }
}

/// A load an image view waits for, on the main actor.
@MainActor
struct PendingImageLoad {
    weak var view: ImageView?
    var completion: (@MainActor (Result<Image, ImageError>) -> Void)?
}

extension Application {
    /// Decodes `path` through `cache` on a background task and calls `completion` on the main
    /// actor, in a turn of the run loop, with the image or the error.
    func decodeInBackground(_ path: String, cache: ImageCache, for view: ImageView, completion: (@MainActor (Result<Image, ImageError>) -> Void)?) -> UInt64 {
        nextImageLoad &+= 1
        let id = nextImageLoad
        pendingImageLoads[id] = PendingImageLoad(view: view, completion: completion)
        let loads = imageLoads
        let wakeUp = eventQueue?.wakeUp
        Task.detached(priority: .utility) {
            let outcome = Result { () throws(ImageError) -> Image in try cache.image(contentsOfFile: path) }
            loads.deliver(ImageLoads.Result(id: id, outcome: outcome))
            wakeUp?.raise()
        }
        return id
    }

    /// Hands decoded images to their views (a turn of the run loop).
    func deliverDecodedImages() {
        guard imageLoads.hasResults else { return }
        for result in imageLoads.take() {
            guard let pending = pendingImageLoads.removeValue(forKey: result.id) else { continue }
            pending.view?.finishLoad(id: result.id, result.outcome)
            pending.completion?(result.outcome)
        }
    }

    /// Whether background decodes are under way.
    public var isDecodingImages: Bool { !pendingImageLoads.isEmpty }
}
