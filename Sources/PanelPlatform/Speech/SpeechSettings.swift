/// How fast, how high and how loud a voice speaks. Values outside a setting's range are
/// clamped to it, so a number from a board file can never reach the synthesiser out of range.
public struct SpeechSettings: Sendable, Hashable {
    /// The slowest and fastest rate, in words per minute (espeak-ng's range).
    public static let rateRange = 80 ... 450
    /// The lowest and highest pitch (50 is the voice's own).
    public static let pitchRange = 0 ... 100
    /// The quietest and loudest volume, in percent of the voice's own.
    public static let volumeRange = 0 ... 200

    /// Words per minute; 175 is normal speech.
    public var rate: Int { didSet { rate = rate.clamped(to: Self.rateRange) } }
    /// The base pitch, 0–100; 50 is the voice's own.
    public var pitch: Int { didSet { pitch = pitch.clamped(to: Self.pitchRange) } }
    /// The volume in percent, 0–200; 100 is the voice's own.
    public var volume: Int { didSet { volume = volume.clamped(to: Self.volumeRange) } }

    /// Settings, each clamped to its range.
    public init(rate: Int = 175, pitch: Int = 50, volume: Int = 100) {
        self.rate = rate.clamped(to: Self.rateRange)
        self.pitch = pitch.clamped(to: Self.pitchRange)
        self.volume = volume.clamped(to: Self.volumeRange)
    }
}

extension Int {
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
