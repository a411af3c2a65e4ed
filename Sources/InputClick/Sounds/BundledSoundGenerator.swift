/// Synthesizes the five bundled click sounds (the samples committed as `Sounds/*.wav`) at 48 kHz, mono,
/// 16-bit. Deterministic (fixed seed, ``DeterministicMath``), so every machine computes the same bits;
/// a test checks the committed files still match.
public enum BundledSoundGenerator {
    public static let sampleRate = 48_000
    public static let channels = 1

    /// Synthesized once per process.
    private static let allSamples: [[Int16]] = ClickKind.allCases.map { kind in
        quantize(BundledSoundRecipes.recipe(kind).synthesize(sampleRate: sampleRate))
    }

    /// Exactly as in its WAV file.
    public static func pcm16Samples(for kind: ClickKind) -> [Int16] { allSamples[Int(kind.rawValue)] }

    /// `sample / 32768`: exactly what libsndfile decodes from the WAV file.
    public static func decodedSound(for kind: ClickKind) -> DecodedSound {
        DecodedSound(samples: pcm16Samples(for: kind).map { Float($0) / 32768 },
                     sampleRate: sampleRate, channels: channels, source: "bundled \(kind)")
    }

    /// `key.wav`, `delete.wav`, ….
    public static func fileName(for kind: ClickKind) -> String { "\(kind.name).wav" }

    /// Writes the five WAV files into the existing `directory`, replacing files of the same names; returns
    /// their paths. Throws ``SoundWriteError`` naming the file that could not be written.
    @discardableResult
    public static func writeFiles(into directory: String) throws(SoundWriteError) -> [String] {
        var paths: [String] = []
        for kind in ClickKind.allCases {
            let path = directory.hasSuffix("/") ? directory + fileName(for: kind) : directory + "/" + fileName(for: kind)
            try SoundFileWriter.writePCM16(samples: pcm16Samples(for: kind), sampleRate: sampleRate,
                                           channels: channels, to: path)
            paths.append(path)
        }
        return paths
    }

    /// To the nearest step of 1/32768, clamped to the 16-bit range.
    private static func quantize(_ signal: [Double]) -> [Int16] {
        signal.map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }
    }
}
