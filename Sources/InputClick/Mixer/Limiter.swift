#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The mixer's last stage: a zero-latency, channel-linked peak limiter. Over the ceiling the gain drops
/// at once to exactly what keeps it under, then recovers exponentially; a final clamp guards rounding.
/// A non-finite sample becomes silence.
/// Real-time context: a plain value; processing allocates nothing.
struct Limiter {
    private var gain: Float = 1
    private var ceiling: Float = 1
    private var releaseCoefficient: Float = 0

    init(ceilingDecibels: Double, releaseMilliseconds: Double, sampleRate: Int) {
        ceiling = Float(Decibels.toGain(min(ceilingDecibels, 0)))
        let releaseFrames = max(1.0, releaseMilliseconds * Double(sampleRate) / 1000)
        releaseCoefficient = Float(1 - exp(-1 / releaseFrames))
    }

    mutating func process(_ buffer: UnsafeMutablePointer<Float>, frameCount: Int, channels: Int) {
        for frame in 0..<frameCount {
            let base = buffer + frame * channels
            var peak: Float = 0
            for c in 0..<channels {
                // Never pass on what is not a number: it would become a full-scale step.
                if !base[c].isFinite { base[c] = 0 }
                peak = max(peak, abs(base[c]))
            }
            gain += (1 - gain) * releaseCoefficient
            if peak * gain > ceiling { gain = ceiling / peak }
            for c in 0..<channels { base[c] = min(ceiling, max(-ceiling, base[c] * gain)) }
        }
    }
}
