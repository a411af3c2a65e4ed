/// How much audio an output keeps queued: latency against robustness to a late render thread. The output
/// takes the nearest sizes the device allows; ``OutputFormat`` reports them.
public enum LatencyProfile: Sendable, Hashable, CustomStringConvertible {
    /// 64-frame periods, 2 per buffer: about 2.7 ms queued at 48 kHz. The default.
    case lowLatency
    /// About 10 ms periods, 3 per buffer: for busy machines and servers that cannot keep up.
    case conservative
    case explicit(periodFrames: Int, periodCount: Int)

    public func periodFrames(atSampleRate sampleRate: Int) -> Int {
        switch self {
        case .lowLatency: return 64
        case .conservative: return max(64, sampleRate / 100)
        case .explicit(let frames, _): return max(1, frames)
        }
    }

    public var periodCount: Int {
        switch self {
        case .lowLatency: return 2
        case .conservative: return 3
        case .explicit(_, let count): return max(2, count)
        }
    }

    /// `low-latency`, `conservative`, or `64x2`-style explicit sizes.
    public var description: String {
        switch self {
        case .lowLatency: return "low-latency"
        case .conservative: return "conservative"
        case .explicit(let frames, let count): return "\(frames)x\(count)"
        }
    }
}
