#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// Click sounds from formulas, one clearly different per kind, at any rate and channel count: decaying
/// cosine bursts that start at full amplitude (so an onset is exact to the frame). Pure functions.
public enum SyntheticClickSounds {
    /// In hertz.
    public static func frequency(_ kind: ClickKind) -> Double {
        switch kind {
        case .key: return 3_000
        case .delete: return 700
        case .modifier: return 1_900
        case .space: return 450
        case .return: return 1_200
        }
    }

    /// In milliseconds.
    public static func milliseconds(_ kind: ClickKind) -> Double {
        switch kind {
        case .key: return 6
        case .delete: return 12
        case .modifier: return 8
        case .space: return 14
        case .return: return 10
        }
    }

    /// About −6 dBFS.
    public static let peak: Float = 0.5

    /// Mono.
    public static func mono(_ kind: ClickKind, sampleRate: Int) -> [Float] {
        let rate = Double(sampleRate)
        let frames = max(8, Int(milliseconds(kind) * rate / 1000))
        let fadeFrames = max(1, sampleRate / 1000)
        let decay = milliseconds(kind) / 1000 / 3
        return (0..<frames).map { frame in
            let t = Double(frame) / rate
            var value = cos(2 * Double.pi * frequency(kind) * t) * exp(-t / decay)
            let left = frames - frame
            if left <= fadeFrames { value *= Double(left - 1) / Double(fadeFrames) }
            return Float(value) * peak
        }
    }

    /// The same signal on every channel.
    public static func bank(sampleRate: Int = 48_000, channels: Int = 2) -> SoundBank {
        var sounds: [ClickKind: [Float]] = [:]
        for kind in ClickKind.allCases {
            let mono = mono(kind, sampleRate: sampleRate)
            sounds[kind] = mono.flatMap { Array(repeating: $0, count: channels) }
        }
        return SoundBank(sampleRate: sampleRate, channels: channels, sounds: sounds,
                         origins: Dictionary(uniqueKeysWithValues: ClickKind.allCases.map { ($0, "synthetic") }))
    }

    public static let provider: SoundBankProvider = { request in
        bank(sampleRate: request.sampleRate, channels: request.channels)
    }

    /// Which kind best matches the audio at `samples[0]` (channel 0), by normalised correlation; `nil` below
    /// 0.9 or when the audio is too short.
    public static func identify(_ samples: ArraySlice<Float>, channels: Int, sampleRate: Int) -> ClickKind? {
        var best: (ClickKind, Double)?
        for kind in ClickKind.allCases {
            let reference = mono(kind, sampleRate: sampleRate)
            guard samples.count >= reference.count * channels else { continue }
            let firstChannel = AudioAnalysis.channel(Array(samples.prefix(reference.count * channels)), channels: channels)
            let score = AudioAnalysis.correlation(firstChannel, at: 0, with: reference)
            if best == nil || score > best!.1 { best = (kind, score) }
        }
        guard let best, best.1 >= 0.9 else { return nil }
        return best.0
    }
}
