/// Limits a sound file must meet before it is decoded in full.
///
/// The channel count and the rate are checked from the file's header before
/// decoding; the length and the number of samples both from the header and
/// again while decoding, which stops as soon as either is passed, so a header
/// that says less than the file holds (or nothing) gains nothing.
public struct SoundFileLimits: Sendable, Hashable {
    /// The largest file accepted, in bytes, checked before decoding; `nil` for no limit.
    public var maxBytes: Int64?
    /// The longest sound accepted, in seconds; `nil` for no limit.
    public var maxSeconds: Double?
    /// The most channels accepted; `nil` for no limit.
    public var maxChannels: Int?
    /// The highest sample rate accepted, in Hz; `nil` for no limit.
    public var maxSampleRate: Int?
    /// The most samples (frames × channels) a file may decode to; `nil` for no limit.
    public var maxSamples: Int?

    /// Makes limits; `nil` means no limit.
    public init(maxBytes: Int64?, maxSeconds: Double?, maxChannels: Int? = nil, maxSampleRate: Int? = nil,
                maxSamples: Int? = nil) {
        self.maxBytes = maxBytes
        self.maxSeconds = maxSeconds
        self.maxChannels = maxChannels
        self.maxSampleRate = maxSampleRate
        self.maxSamples = maxSamples
    }

    /// The limits of a sound-pack file: at most 4 MiB, 2 s, 8 channels,
    /// 384 kHz and 2,097,152 samples (8 MiB of decoded floats: 2 s of 8
    /// channels at 96 kHz, or of stereo at 384 kHz).
    public static let soundPack = SoundFileLimits(maxBytes: 4 << 20, maxSeconds: 2, maxChannels: 8,
                                                  maxSampleRate: 384_000, maxSamples: 1 << 21)

    public static let none = SoundFileLimits(maxBytes: nil, maxSeconds: nil)
}
