/// What an opened stream actually runs at, as negotiated with the device.
///
/// A *frame* is one sample for each channel. The *period* is how many frames
/// the render thread renders and writes at a time; the *buffer* is how many
/// frames the device can hold queued.
public struct OutputFormat: Sendable, Hashable, CustomStringConvertible {
    /// Frames per second.
    public var sampleRate: Int
    public var channels: Int
    /// How samples are stored in the device's buffer.
    public var sampleFormat: SampleFormat
    public var periodFrames: Int
    public var bufferFrames: Int

    /// Creates a format description.
    ///
    /// Pure, allocation-free.
    public init(sampleRate: Int, channels: Int, sampleFormat: SampleFormat, periodFrames: Int, bufferFrames: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleFormat = sampleFormat
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
    }

    public var periodMilliseconds: Double { milliseconds(periodFrames) }
    public var bufferMilliseconds: Double { milliseconds(bufferFrames) }

    /// `frames` at ``sampleRate`` in milliseconds.
    ///
    /// Pure, allocation-free.
    public func milliseconds(_ frames: Int) -> Double {
        sampleRate > 0 ? Double(frames) * 1000 / Double(sampleRate) : 0
    }

    /// For example `48000 Hz, 2 ch, FLOAT, period 64 frames (1.33 ms), buffer 128 frames (2.67 ms)`.
    public var description: String {
        "\(sampleRate) Hz, \(channels) ch, \(sampleFormat), period \(periodFrames) frames (\(Self.format(periodMilliseconds)) ms), "
            + "buffer \(bufferFrames) frames (\(Self.format(bufferMilliseconds)) ms)"
    }

    private static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
