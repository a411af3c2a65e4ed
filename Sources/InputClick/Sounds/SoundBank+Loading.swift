extension SoundBank {
    /// Builds a bank for an output of `sampleRate` and `channels`, taking each
    /// kind's sound from the pack in `packDirectory` when it has a usable file
    /// for it, and the bundled sound otherwise.
    ///
    /// Everything expensive happens here, once: each pack file is checked
    /// (``SoundFileLimits/soundPack``: at most 4 MiB, 8 channels and 384 kHz)
    /// before decoding, decoded with libsndfile while checked for length and
    /// size (at most 2 s and 2,097,152 samples), checked for NaN or infinite
    /// samples, clamped to ±1,
    /// converted with libsamplerate and fitted to the channel count (see ``DecodedSound/converted(toSampleRate:channels:)``).
    /// A refused file leaves its kind's bundled sound in place and adds a
    /// ``SoundLoadError`` to ``SoundBankLoad/problems``; so does a pack path that
    /// does not exist or is not a directory. Loading never fails as a whole:
    /// a host can print the problems and still click.
    ///
    /// - Parameter packDirectory: a sound-pack directory (see ``SoundPack``),
    ///   or `nil` for the bundled sounds alone.
    /// - Precondition: `sampleRate` is in ``supportedSampleRates`` and
    ///   `channels` in ``supportedChannelCounts``.
    public static func load(packDirectory: String?, sampleRate: Int, channels: Int) -> SoundBankLoad {
        load(packDirectory: packDirectory, soundTheme: nil, themeSearchPath: SoundThemeSearchPath(directories: []),
             sampleRate: sampleRate, channels: channels)
    }

    /// Builds a bank as ``load(packDirectory:sampleRate:channels:)`` does, with
    /// an XDG sound theme between the pack and the bundled sounds: each kind
    /// takes the pack's file, else the theme's (see ``SoundTheme``), else the
    /// bundled sound. A file that is refused lets the next source in. Theme
    /// files pass the same checks as pack files (``SoundFileLimits/soundPack``).
    /// A pack's release files (`key-up.wav`, ``SoundPack/releaseFiles``)
    /// pass them too; a refused one leaves its kind with no release sound.
    ///
    /// - Parameters:
    ///   - soundTheme: The theme's name, or `nil` for none.
    ///   - themeSearchPath: Where themes are looked for.
    /// - Precondition: as for ``load(packDirectory:sampleRate:channels:)``.
    public static func load(packDirectory: String?, soundTheme: String?, themeSearchPath: SoundThemeSearchPath,
                            sampleRate: Int, channels: Int) -> SoundBankLoad {
        precondition(supportedSampleRates.contains(sampleRate) && supportedChannelCounts.contains(channels),
                     "SoundBank.load needs a rate in \(supportedSampleRates) and channels in \(supportedChannelCounts), not \(sampleRate) Hz × \(channels)")
        var sounds: [ClickKind: [Float]] = [:]
        var origins: [ClickKind: String] = [:]
        var sources: [ClickKind: SoundSource] = [:]
        var problems: [SoundLoadError] = []
        let pack = packDirectory.map { SoundPack(scanning: $0) }
        problems = pack?.problems ?? []
        for kind in ClickKind.allCases {
            var candidates: [SoundSource] = []
            if let path = pack?.files[kind] { candidates.append(SoundSource(origin: .pack, path: path)) }
            if let soundTheme, let match = SoundTheme.lookup(kind, theme: soundTheme, searchPath: themeSearchPath) {
                candidates.append(SoundSource(origin: .theme(name: match.theme, soundName: match.name), path: match.path))
            }
            for candidate in candidates {
                guard let path = candidate.path else { continue }
                do throws(SoundLoadError) {
                    let sound = try SoundFileReader.read(path, limits: .soundPack)
                        .converted(toSampleRate: sampleRate, channels: channels)
                    guard sound.frameCount > 0 else { throw SoundLoadError(path: path, reason: .empty) }
                    sounds[kind] = sound.samples
                    origins[kind] = path
                    sources[kind] = candidate
                    break
                } catch {
                    problems.append(SoundLoadError(path: error.path, reason: error.reason, kind: kind))
                }
            }
        }
        var releaseSounds: [ClickKind: [Float]] = [:]
        var releaseSources: [ClickKind: SoundSource] = [:]
        for (kind, path) in pack?.releaseFiles ?? [:] {
            do throws(SoundLoadError) {
                let sound = try SoundFileReader.read(path, limits: .soundPack)
                    .converted(toSampleRate: sampleRate, channels: channels)
                guard sound.frameCount > 0 else { throw SoundLoadError(path: path, reason: .empty) }
                releaseSounds[kind] = sound.samples
                releaseSources[kind] = SoundSource(origin: .pack, path: path)
            } catch {
                problems.append(SoundLoadError(path: error.path, reason: error.reason, kind: kind, isRelease: true))
            }
        }
        // By path, with the count of stray files left unnamed after the ones named.
        problems.sort { ($0.isStrayFileCount ? 1 : 0, $0.path) < ($1.isStrayFileCount ? 1 : 0, $1.path) }
        for kind in ClickKind.allCases where sounds[kind] == nil {
            sounds[kind] = bundledSamples(kind, sampleRate: sampleRate, channels: channels)
            origins[kind] = "bundled"
            sources[kind] = .bundled
        }
        // Each refused press file names what really plays for its kind (nil: bundled).
        for index in problems.indices where !problems[index].isRelease {
            if let kind = problems[index].kind, let source = sources[kind], source != .bundled {
                problems[index].playing = source
            }
        }
        return SoundBankLoad(bank: SoundBank(sampleRate: sampleRate, channels: channels, sounds: sounds, origins: origins,
                                             releaseSounds: releaseSounds),
                             problems: problems, sources: sources, releaseSources: releaseSources)
    }
}
