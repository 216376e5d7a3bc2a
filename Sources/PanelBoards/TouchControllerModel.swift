public import PanelCore

/// What a board file may say about one kind of touch controller: the facts a `touch` object is
/// checked against as it is decoded (its compatibles, addresses, coordinate range and contact
/// limit). Each controller of the chip registry brings one; ``ControllerCatalog`` holds them.
public struct TouchControllerModel: Sendable {
    /// The driver the compatibles select (``Board/Touch/driver``).
    public var driver: Board.Driver
    /// The chip family as a person names it (`FT6x06`, `GT911`), for messages.
    public var family: String
    /// The `compatible` strings that select this controller.
    public var compatibles: [String]
    /// The 7-bit addresses the chip answers at, the default first.
    public var addresses: [I2CAddress]
    /// Whether the chip's address is strapped among ``addresses`` only (a GT911 picks 0x5D or
    /// 0x14 by its INT level at reset; the other is its `alt-reg` unless the file names one).
    /// Otherwise any address may be written, and there is no alternate unless the file names one.
    public var strapsAddress: Bool
    /// The largest `touchscreen-size-x`/`-y` the chip's coordinates reach (12-bit parts: 4096).
    public var maxCoordinate: Int
    /// The most contacts a board may ask of the part a compatible names (`max-contacts`).
    public var maxContacts: @Sendable (_ compatible: String) -> Int
    /// Whether a wired reset line needs the INT line too (a GT911 straps its address on INT
    /// during reset).
    public var resetNeedsInterrupt: Bool
    /// Whether the chip answers on the bus before its driver starts it: a silent FocalTech is a
    /// wiring fault, while a GT911 may sit at its other strap address and a CST816 may be asleep
    /// until its reset (what `panelctl probe` concludes from silence).
    public var answersBeforeStart: Bool

    /// A controller selected by `compatibles`, driven by `driver`, at `addresses` (default first).
    public init(
        driver: Board.Driver, family: String, compatibles: [String], addresses: [I2CAddress], strapsAddress: Bool = false,
        maxCoordinate: Int = 65535, resetNeedsInterrupt: Bool = false, answersBeforeStart: Bool = true,
        maxContacts: @escaping @Sendable (_ compatible: String) -> Int
    ) {
        precondition(!addresses.isEmpty, "a controller answers at one address at least")
        self.driver = driver
        self.family = family
        self.compatibles = compatibles
        self.addresses = addresses
        self.strapsAddress = strapsAddress
        self.maxCoordinate = maxCoordinate
        self.resetNeedsInterrupt = resetNeedsInterrupt
        self.answersBeforeStart = answersBeforeStart
        self.maxContacts = maxContacts
    }

    /// The address the chip answers at when the board file names none.
    public var defaultAddress: I2CAddress { addresses[0] }
}

/// The touch controllers a board file may name: the chip registry's models, and the kernel's
/// evdev devices (`linux,evdev`), which need no model.
public struct ControllerCatalog: Sendable {
    /// The models, in the order their compatibles are suggested.
    public var models: [TouchControllerModel]

    /// A catalog of `models`.
    public init(_ models: [TouchControllerModel]) {
        self.models = models
    }

    /// The model a compatible selects; nil for evdev and for compatibles no model knows.
    public func model(for compatible: String) -> TouchControllerModel? {
        models.first { $0.compatibles.contains(compatible) }
    }

    /// The model of a driver; nil for evdev and for drivers no model has.
    public func model(of driver: Board.Driver) -> TouchControllerModel? {
        models.first { $0.driver == driver }
    }

    /// Every compatible a board file may write: the models', then `linux,evdev`.
    public var compatibles: [String] { models.flatMap(\.compatibles) + [Board.evdevCompatible] }
}
