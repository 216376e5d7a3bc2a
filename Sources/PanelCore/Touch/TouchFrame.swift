/// Everything a touch source reported at one instant: the unit that crosses the event queue.
///
/// A frame corresponds to one `SYN_REPORT` of Linux evdev or one burst read of a controller,
/// so a consumer never sees half a report. Contacts live in fixed-capacity inline storage:
/// building, copying and queueing a frame never allocates.
public struct TouchFrame: Sendable, CustomStringConvertible {
    /// The most contacts one frame holds: the largest controller in the family (FT5x06 and
    /// GT9110/GT9271/GT928) reports 10 fingers.
    public static let capacity = 10

    /// When the report was read (for interrupt-driven sources, the interrupt edge's kernel
    /// timestamp).
    public var timestamp: MonotonicInstant
    /// Bitmask of capacitive keys held (GT911 key byte, bit i = key i); 0 if none or unsupported.
    public var keys: UInt8
    /// The controller flagged a large-area (palm) touch.
    public var isLargeTouch: Bool

    @usableFromInline internal var storage: InlineArray<10, Contact>
    @usableFromInline internal var _count: UInt8

    /// Creates an empty frame.
    public init(timestamp: MonotonicInstant = .zero) {
        self.timestamp = timestamp
        self.keys = 0
        self.isLargeTouch = false
        self.storage = InlineArray(repeating: .empty)
        self._count = 0
    }

    /// Creates a frame holding `contacts` (at most ``capacity``).
    public init(timestamp: MonotonicInstant, contacts: some Sequence<Contact>) {
        self.init(timestamp: timestamp)
        for contact in contacts {
            precondition(append(contact), "a TouchFrame holds at most \(TouchFrame.capacity) contacts")
        }
    }

    /// The number of contacts.
    public var count: Int { Int(_count) }
    /// Whether there are no contacts.
    public var isEmpty: Bool { _count == 0 }
    /// Whether no more contacts fit.
    public var isFull: Bool { Int(_count) == TouchFrame.capacity }

    /// Appends a contact; returns `false` (and changes nothing) when the frame is full.
    /// - Complexity: O(1); never allocates.
    @discardableResult
    public mutating func append(_ contact: Contact) -> Bool {
        guard Int(_count) < TouchFrame.capacity else { return false }
        storage[Int(_count)] = contact
        _count += 1
        return true
    }

    /// Removes every contact, keeping the timestamp.
    public mutating func removeAll() {
        _count = 0
    }

    /// Accesses the contact at `index` (`0 ..< count`).
    public subscript(index: Int) -> Contact {
        get {
            precondition(index >= 0 && index < Int(_count), "TouchFrame index out of range")
            return storage[index]
        }
        set {
            precondition(index >= 0 && index < Int(_count), "TouchFrame index out of range")
            storage[index] = newValue
        }
    }

    /// The contact with the given track ID, if present.
    public func contact(trackID: UInt8) -> Contact? {
        for i in 0 ..< count where storage[i].trackID == trackID { return storage[i] }
        return nil
    }

    /// Whether any contact begins or ends here.
    public var beginsOrEndsContact: Bool {
        for i in 0 ..< count {
            let phase = storage[i].phase
            if phase == .began || phase.isTerminal { return true }
        }
        return false
    }

    public var description: String {
        var text = "frame @\(timestamp) ["
        for i in 0 ..< count {
            if i > 0 { text += ", " }
            text += storage[i].description
        }
        return text + "]"
    }
}

extension TouchFrame: Sequence {
    /// Iterates the contacts in order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let frame: TouchFrame
        @usableFromInline var index = 0
        @inlinable public mutating func next() -> Contact? {
            guard index < frame.count else { return nil }
            defer { index += 1 }
            return frame.storage[index]
        }
    }

    /// An iterator over the contacts.
    public func makeIterator() -> Iterator { Iterator(frame: self) }
    /// The number of contacts.
    public var underestimatedCount: Int { count }
}
