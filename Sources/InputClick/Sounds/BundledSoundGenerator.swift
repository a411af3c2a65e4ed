/// Synthesizes the five bundled click sounds — the same samples that are
/// committed as `Sounds/*.wav` — at 48 kHz, mono, 16-bit.
///
/// The generator is deterministic: it uses a fixed-seed pseudo-random
/// generator and its own sine and exponential built from IEEE arithmetic,
/// never the clock or the C library's maths, so every machine computes the
/// same bits. `swift run inputclick generate-sounds Sounds` rewrites the
/// committed files, and a test checks that they still match.
public enum BundledSoundGenerator {
    /// The rate of the bundled sounds: 48 000 frames per second.
    public static let sampleRate = 48_000
    /// The bundled sounds are mono.
    public static let channels = 1

    /// All five sounds, synthesized once per process.
    private static let allSamples: [[Int16]] = ClickKind.allCases.map { kind in
        quantize(BundledSoundRecipes.recipe(kind).synthesize(sampleRate: sampleRate))
    }

    /// The 16-bit samples of `kind`'s sound, exactly as in its WAV file.
    public static func pcm16Samples(for kind: ClickKind) -> [Int16] { allSamples[Int(kind.rawValue)] }

    /// The sound of `kind` as floats, `sample / 32768` — exactly what
    /// libsndfile decodes from the WAV file.
    public static func decodedSound(for kind: ClickKind) -> DecodedSound {
        DecodedSound(samples: pcm16Samples(for: kind).map { Float($0) / 32768 },
                     sampleRate: sampleRate, channels: channels, source: "bundled \(kind)")
    }

    /// The file name of `kind`'s sound: `key.wav`, `delete.wav`, ….
    public static func fileName(for kind: ClickKind) -> String { "\(kind.name).wav" }

    /// Writes the five WAV files (48 kHz mono 16-bit PCM) into `directory`,
    /// which must exist, replacing files of the same names. Returns their paths.
    ///
    /// - Throws: ``SoundWriteError`` naming the file that could not be written.
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

    /// Rounds to the nearest 16-bit step of 1/32768, clamped to the 16-bit range.
    private static func quantize(_ signal: [Double]) -> [Int16] {
        signal.map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }
    }
}
