/// What an opened stream actually runs at, as negotiated. A *frame* is one sample per channel; the *period*
/// is the frames rendered and written at a time; the *buffer* is the frames the device can hold queued.
public struct OutputFormat: Sendable, Hashable, CustomStringConvertible {
    public var sampleRate: Int
    public var channels: Int
    public var sampleFormat: SampleFormat
    public var periodFrames: Int
    public var bufferFrames: Int

    public init(sampleRate: Int, channels: Int, sampleFormat: SampleFormat, periodFrames: Int, bufferFrames: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleFormat = sampleFormat
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
    }

    public var periodMilliseconds: Double { milliseconds(periodFrames) }
    public var bufferMilliseconds: Double { milliseconds(bufferFrames) }

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
