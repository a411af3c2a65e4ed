extension SoundBank {
    /// The bundled click sounds at `sampleRate` with `channels` channels.
    ///
    /// The sounds are synthesized in memory by ``BundledSoundGenerator`` —
    /// the same 16-bit samples as the committed `Sounds/*.wav` — so the
    /// library, the plugin and installed binaries need no files at run time.
    /// At 48 kHz mono they are exactly those samples; otherwise they are
    /// converted once, here, with libsamplerate and ``ChannelMapping``.
    /// Every origin reads `bundled`.
    ///
    /// - Precondition: `sampleRate` is in ``supportedSampleRates`` and
    ///   `channels` in ``supportedChannelCounts``.
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

    /// Output rates a bank can be built for: 1 kHz to 768 kHz.
    public static let supportedSampleRates = 1_000...768_000
    /// Output channel counts a bank can be built for: 1 to 256.
    public static let supportedChannelCounts = 1...256

    /// One bundled sound converted to the output format.
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
