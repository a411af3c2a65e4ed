extension SoundBank {
    /// The bundled click sounds, synthesized in memory by ``BundledSoundGenerator`` so nothing needs files
    /// at run time; converted once here unless the format is 48 kHz mono. Every origin reads `bundled`.
    ///
    /// - Precondition: `sampleRate` in ``supportedSampleRates``, `channels` in ``supportedChannelCounts``.
    public static func bundled(sampleRate: Int, channels: Int) -> SoundBank {
        precondition(supportedSampleRates.contains(sampleRate) && supportedChannelCounts.contains(channels),
                     "SoundBank.bundled needs a rate in \(supportedSampleRates) and channels in \(supportedChannelCounts), not \(sampleRate) Hz × \(channels)")
        var sounds: [ClickKind: [Float]] = [:]
        var origins: [ClickKind: String] = [:]
        for kind in ClickKind.allCases {
            sounds[kind] = bundledSamples(kind, sampleRate: sampleRate, channels: channels)
            origins[kind] = "bundled"
        }
        return SoundBank(sampleRate: sampleRate, channels: channels, sounds: sounds, origins: origins)
    }

    public static let supportedSampleRates = 1_000...768_000
    public static let supportedChannelCounts = 1...256

    static func bundledSamples(_ kind: ClickKind, sampleRate: Int, channels: Int) -> [Float] {
        do {
            return try BundledSoundGenerator.decodedSound(for: kind)
                .converted(toSampleRate: sampleRate, channels: channels).samples
        } catch {
            // The rate and channel count were checked, and the source is a
            // known 48 kHz mono sound, so only a failed allocation inside
            // libsamplerate can get here.
            fatalError("converting the bundled \(kind) sound failed: \(error)")
        }
    }
}
