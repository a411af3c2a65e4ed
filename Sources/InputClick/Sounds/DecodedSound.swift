/// Decoded audio in memory: interleaved 32-bit float frames at one rate and
/// channel count, with a note of where it came from.
///
/// A *frame* is one sample for each channel; `samples.count` is
/// `frameCount × channels`.
public struct DecodedSound: Sendable, Hashable {
    /// Interleaved samples, nominally within ±1.
    public var samples: [Float]
    /// Frames per second.
    public var sampleRate: Int
    /// Samples per frame.
    public var channels: Int
    /// Where the audio came from (a file path, or `bundled <kind>`); errors name it.
    public var source: String

    /// Wraps interleaved samples.
    ///
    /// - Precondition: `sampleRate > 0`, `channels > 0`, and `samples.count`
    ///   is a multiple of `channels`.
    public init(samples: [Float], sampleRate: Int, channels: Int, source: String) {
        precondition(sampleRate > 0 && channels > 0 && samples.count % channels == 0,
                     "DecodedSound needs a positive rate and channel count and whole frames")
        self.samples = samples
        self.sampleRate = sampleRate
        self.channels = channels
        self.source = source
    }

    public var frameCount: Int { samples.count / channels }

    /// The length in seconds.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }
}
