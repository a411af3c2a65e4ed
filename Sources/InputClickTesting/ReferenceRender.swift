import InputClick
#if canImport(Glibc)
import Glibc
#endif

/// The truth that rewound audio is compared with: what a mixer that never
/// rewinds renders with the same clicks starting at the same frames, and
/// the same host audio from frame 0.
public enum ReferenceRender {
    /// Renders `frames` frames of `mixer` with each record's click starting
    /// at its ``LatencyRecord/streamFrame``, and `host` (interleaved, the
    /// mixer's channel count) attached from the start, through
    /// ``ClickTimeline``.
    public static func render(_ records: [LatencyRecord], frames: Int, host: [Float]?, through mixer: Mixer) -> [Float] {
        let rate = mixer.configuration.sampleRate
        let channels = mixer.configuration.channels
        if let host {
            let stream = HostStream(channels: channels, capacityFrames: host.count / channels + 1)
            _ = stream.write(host)
            _ = mixer.attach(stream)
        }
        // A time that ClickTimeline's rounding maps back to exactly this frame.
        func time(_ frame: Int64) -> UInt64 { (UInt64(frame) * 1_000_000_000 + UInt64(rate / 2)) / UInt64(rate) }
        let timeline = ClickTimeline(records.map { ClickTimeline.Entry(time: time($0.streamFrame), kind: $0.kind) })
        let last = Int(records.map(\.streamFrame).max() ?? 0)
        return Array(timeline.render(through: mixer, tailFrames: frames - last).prefix(frames * channels))
    }

    /// Quiet host audio for tests: a 220 Hz sine on the left and 330 Hz on
    /// the right, at 0.2, interleaved stereo.
    public static func twoTone(seconds: Double, sampleRate: Int = 48_000) -> [Float] {
        let frames = Int(seconds * Double(sampleRate))
        var samples = [Float](repeating: 0, count: frames * 2)
        for i in 0..<frames {
            let phase = Double(i) * 2 * Double.pi / Double(sampleRate)
            samples[2 * i] = Float(0.2 * sin(phase * 220))
            samples[2 * i + 1] = Float(0.2 * sin(phase * 330))
        }
        return samples
    }
}
