#if canImport(Glibc)
import Glibc
#endif

/// Measurements on rendered audio (interleaved floats), for tests that compare sound with tolerances,
/// not checksums. Every function is pure.
public enum AudioAnalysis {
    public static func channel(_ samples: [Float], channels: Int, index: Int = 0) -> [Float] {
        stride(from: index, to: samples.count, by: channels).map { samples[$0] }
    }

    /// All frames when `frames` is `nil`.
    public static func peak(_ samples: [Float], channels: Int = 1, frames: Range<Int>? = nil) -> Float {
        let range = frames ?? 0..<(samples.count / channels)
        var peak: Float = 0
        for frame in range {
            for c in 0..<channels { peak = max(peak, abs(samples[frame * channels + c])) }
        }
        return peak
    }

    /// Over `frames` of all channels.
    public static func rms(_ samples: [Float], channels: Int = 1, frames: Range<Int>? = nil) -> Float {
        let range = frames ?? 0..<(samples.count / channels)
        guard !range.isEmpty else { return 0 }
        var sum: Double = 0
        for frame in range {
            for c in 0..<channels {
                let v = Double(samples[frame * channels + c])
                sum += v * v
            }
        }
        return Float((sum / Double(range.count * channels)).squareRoot())
    }

    /// `-infinity` for 0.
    public static func decibels(_ level: Float) -> Double {
        level <= 0 ? -.infinity : 20 * log10(Double(level))
    }

    /// The DC offset.
    public static func mean(_ samples: [Float]) -> Double {
        samples.isEmpty ? 0 : samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count)
    }

    /// The largest jump between consecutive frames in any channel: a cut or unfaded start shows here.
    public static func largestStep(_ samples: [Float], channels: Int = 1) -> Float {
        var largest: Float = 0
        let frames = samples.count / channels
        guard frames > 1 else { return 0 }
        for frame in 1..<frames {
            for c in 0..<channels {
                largest = max(largest, abs(samples[frame * channels + c] - samples[(frame - 1) * channels + c]))
            }
        }
        return largest
    }

    /// Frames where the absolute level rises above `threshold` after at least `quietFrames` at or below it.
    public static func onsets(_ samples: [Float], channels: Int = 1, threshold: Float = 0.02,
                              quietFrames: Int = 96) -> [Int] {
        var result: [Int] = []
        var quietRun = quietFrames
        let frames = samples.count / channels
        for frame in 0..<frames {
            var level: Float = 0
            for c in 0..<channels { level = max(level, abs(samples[frame * channels + c])) }
            if level > threshold {
                if quietRun >= quietFrames { result.append(frame) }
                quietRun = 0
            } else {
                quietRun += 1
            }
        }
        return result
    }

    public static func loudestWindowRMS(_ samples: [Float], channels: Int = 1, windowFrames: Int) -> Float {
        let frames = samples.count / channels
        guard frames >= windowFrames, windowFrames > 0 else { return rms(samples, channels: channels) }
        var energy: Double = 0
        func frameEnergy(_ f: Int) -> Double {
            var e = 0.0
            for c in 0..<channels { let v = Double(samples[f * channels + c]); e += v * v }
            return e
        }
        for f in 0..<windowFrames { energy += frameEnergy(f) }
        var best = energy
        for f in windowFrames..<frames {
            energy += frameEnergy(f) - frameEnergy(f - windowFrames)
            best = max(best, energy)
        }
        return Float((max(best, 0) / Double(windowFrames * channels)).squareRoot())
    }

    /// Normalized (−1…1), both mono: 1 means `reference` appears at `offset` unchanged but for gain.
    public static func correlation(_ signal: [Float], at offset: Int, with reference: [Float]) -> Double {
        var dot = 0.0, a = 0.0, b = 0.0
        for i in 0..<reference.count where offset + i < signal.count && offset + i >= 0 {
            let x = Double(signal[offset + i]), y = Double(reference[i])
            dot += x * y; a += x * x; b += y * y
        }
        return a > 0 && b > 0 ? dot / (a * b).squareRoot() : 0
    }
}
