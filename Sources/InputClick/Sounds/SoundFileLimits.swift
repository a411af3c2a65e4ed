/// Limits a sound file must meet. Channels and rate are checked from the header; length and samples
/// from the header and again while decoding, which stops as soon as either is passed.
public struct SoundFileLimits: Sendable, Hashable {
    /// Checked before decoding; `nil` for no limit.
    public var maxBytes: Int64?
    /// `nil` for no limit.
    public var maxSeconds: Double?
    public var maxChannels: Int?
    /// In Hz.
    public var maxSampleRate: Int?
    /// Frames × channels.
    public var maxSamples: Int?

    public init(maxBytes: Int64?, maxSeconds: Double?, maxChannels: Int? = nil, maxSampleRate: Int? = nil,
                maxSamples: Int? = nil) {
        self.maxBytes = maxBytes
        self.maxSeconds = maxSeconds
        self.maxChannels = maxChannels
        self.maxSampleRate = maxSampleRate
        self.maxSamples = maxSamples
    }

    /// At most 4 MiB, 2 s, 8 channels, 384 kHz and 2,097,152 samples (8 MiB of decoded floats).
    public static let soundPack = SoundFileLimits(maxBytes: 4 << 20, maxSeconds: 2, maxChannels: 8,
                                                  maxSampleRate: 384_000, maxSamples: 1 << 21)

    public static let none = SoundFileLimits(maxBytes: nil, maxSeconds: nil)
}
