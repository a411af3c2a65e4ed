#if canImport(Glibc)
import Glibc
#endif

/// Measurements on rendered audio, for tests that compare sound with
/// tolerances instead of checksums.
///
/// Samples are interleaved 32-bit floats; a *frame* is one sample per channel.
public enum AudioAnalysis {
    /// One channel of interleaved audio.
    public static func channel(_ samples: [Float], channels: Int, index: Int = 0) -> [Float] {
        stride(from: index, to: samples.count, by: channels).map { samples[$0] }
    }

    /// The largest absolute sample value in `frames` (all frames when `nil`).
    ///
    /// Pure, allocation-free.
    public static func peak(_ samples: [Float], channels: Int = 1, frames: Range<Int>? = nil) -> Float {
        let range = frames ?? 0..<(samples.count / channels)
        var peak: Float = 0
        for frame in range {
            for c in 0..<channels { peak = max(peak, abs(samples[frame * channels + c])) }
        }
        return peak
    }

    /// The root mean square over `frames` of all channels.
    ///
    /// Pure, allocation-free.
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

    /// 20·log10 of a linear level; `-infinity` for 0.
    ///
    /// Pure, allocation-free.
    public static func decibels(_ level: Float) -> Double {
        level <= 0 ? -.infinity : 20 * log10(Double(level))
    }

    /// The mean of every sample (the DC offset).
    ///
    /// Pure, allocation-free.
    public static func mean(_ samples: [Float]) -> Double {
        samples.isEmpty ? 0 : samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count)
    }

    /// The largest jump between consecutive frames in any channel: a cut or
    /// an unfaded start shows up here as a large step.
    ///
    /// Pure, allocation-free.
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

    /// The frames where sound starts: where the absolute level rises above
    /// `threshold` after at least `quietFrames` frames at or below it.
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

    /// The root mean square of the loudest window of `windowFrames` frames.
    ///
    /// Pure, allocation-free.
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

    /// The normalized correlation (−1…1) of `signal` at `offset` with `reference`,
    /// both mono: 1 means `reference` appears there unchanged but for gain.
    ///
    /// Pure, allocation-free.
    public static func correlation(_ signal: [Float], at offset: Int, with reference: [Float]) -> Double {
        var dot = 0.0, a = 0.0, b = 0.0
        for i in 0..<reference.count where offset + i < signal.count && offset + i >= 0 {
            let x = Double(signal[offset + i]), y = Double(reference[i])
            dot += x * y; a += x * x; b += y * y
        }
        return a > 0 && b > 0 ? dot / (a * b).squareRoot() : 0
    }
}
