import InputClick
#if canImport(Glibc)
import Glibc
#endif

/// What a mixer that never rewinds renders with the same clicks at the same frames and the same host
/// audio from frame 0: the truth rewound audio is compared with.
public enum ReferenceRender {
    /// Each record's click starts at its ``LatencyRecord/streamFrame``; `host` (interleaved) is attached from
    /// the start.
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

    /// Quiet interleaved stereo: 220 Hz left, 330 Hz right, at 0.2.
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
