#if canImport(Glibc)
import Glibc
#endif
import InputClick

/// Synthetic click sounds that are easy to recognise in rendered audio.
public enum TestSounds {
    /// 1 ms raised-cosine fades at both ends, starting at phase 0.
    public static func tone(frequency: Double, milliseconds: Double, amplitude: Float,
                            sampleRate: Int = 48_000) -> [Float] {
        let frames = max(2, Int(milliseconds * Double(sampleRate) / 1000))
        let fade = max(1, min(frames / 2, sampleRate / 1000))
        return (0..<frames).map { i in
            var envelope = 1.0
            if i < fade { envelope = 0.5 - 0.5 * cos(Double.pi * Double(i) / Double(fade)) }
            if i >= frames - fade { envelope = 0.5 - 0.5 * cos(Double.pi * Double(frames - 1 - i) / Double(fade)) }
            return amplitude * Float(envelope * sin(2 * Double.pi * frequency * Double(i) / Double(sampleRate)))
        }
    }

    /// A level that reads back exactly.
    public static func constant(_ value: Float, frames: Int) -> [Float] {
        Array(repeating: value, count: frames)
    }

    public static func spread(_ mono: [Float], channels: Int) -> [Float] {
        mono.flatMap { Array(repeating: $0, count: channels) }
    }

    public static func frequency(of kind: ClickKind) -> Double {
        [1000, 400, 1600, 250, 700][Int(kind.rawValue)]
    }

    /// One distinct frequency per kind, so a test can tell by correlation which kind played.
    public static func bank(sampleRate: Int = 48_000, channels: Int = 1, milliseconds: Double = 30,
                            amplitude: Float = 0.5) -> SoundBank {
        var sounds: [ClickKind: [Float]] = [:]
        for kind in ClickKind.allCases {
            sounds[kind] = spread(tone(frequency: frequency(of: kind), milliseconds: milliseconds,
                                       amplitude: amplitude, sampleRate: sampleRate), channels: channels)
        }
        return SoundBank(sampleRate: sampleRate, channels: channels, sounds: sounds)
    }

    public static func uniformBank(_ mono: [Float], sampleRate: Int = 48_000, channels: Int = 1) -> SoundBank {
        let sound = spread(mono, channels: channels)
        return SoundBank(sampleRate: sampleRate, channels: channels,
                         sounds: Dictionary(uniqueKeysWithValues: ClickKind.allCases.map { ($0, sound) }))
    }
}

extension Mixer {
    /// Allocates: never on a render thread.
    public func renderArray(frames: Int) -> [Float] {
        var out = [Float](repeating: 0, count: frames * configuration.channels)
        out.withUnsafeMutableBufferPointer { render(into: $0.baseAddress!, frameCount: frames) }
        return out
    }
}
