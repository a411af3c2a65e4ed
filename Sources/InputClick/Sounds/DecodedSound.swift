/// Decoded audio in memory: interleaved 32-bit float frames (one sample per channel) at one rate.
public struct DecodedSound: Sendable, Hashable {
    /// Nominally within ±1.
    public var samples: [Float]
    public var sampleRate: Int
    public var channels: Int
    /// A file path, or `bundled <kind>`; errors name it.
    public var source: String

    /// - Precondition: `sampleRate > 0`, `channels > 0`, and `samples.count` is a multiple of `channels`.
    public init(samples: [Float], sampleRate: Int, channels: Int, source: String) {
        precondition(sampleRate > 0 && channels > 0 && samples.count % channels == 0,
                     "DecodedSound needs a positive rate and channel count and whole frames")
        self.samples = samples
        self.sampleRate = sampleRate
        self.channels = channels
        self.source = source
    }

    public var frameCount: Int { samples.count / channels }

    /// In seconds.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }
}
