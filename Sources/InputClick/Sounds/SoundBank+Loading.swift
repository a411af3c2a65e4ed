extension SoundBank {
    /// Builds a bank taking each kind's sound from the pack in `packDirectory` (``SoundPack``) when it has a
    /// usable file, and the bundled sound otherwise. All decoding and conversion happens here, once, under
    /// ``SoundFileLimits/soundPack``. A refused file or pack path adds a ``SoundLoadError`` to
    /// ``SoundBankLoad/problems`` and leaves the bundled sound: loading never fails as a whole.
    ///
    /// - Precondition: `sampleRate` in ``supportedSampleRates``, `channels` in ``supportedChannelCounts``.
    public static func load(packDirectory: String?, sampleRate: Int, channels: Int) -> SoundBankLoad {
        load(packDirectory: packDirectory, soundTheme: nil, themeSearchPath: SoundThemeSearchPath(directories: []),
             sampleRate: sampleRate, channels: channels)
    }

    /// With an XDG sound theme between the pack and the bundled sounds: each kind takes the pack's file,
    /// else the theme's (``SoundTheme``), else the bundled one; a refused file lets the next source in. A
    /// refused release file (`key-up.wav`) leaves its kind with no release sound.
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
