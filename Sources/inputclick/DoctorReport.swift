import InputClick

/// What `inputclick doctor --json` prints as one JSON line; absent values are `null`.
struct DoctorReport: Encodable {
    struct Settings: Encodable {
        var clicks: Bool
        var volume: Double
        var profile: String
        /// In dB; -999 for silence, since JSON has no infinity.
        var clickGainDecibels: Double
        /// Empty for the bundled sounds.
        var soundPack: String
        /// Empty for none.
        var soundTheme: String
        var duckDepthDecibels: Double
        var duckAttackMilliseconds: Double
        var duckHoldMilliseconds: Double
        var duckReleaseMilliseconds: Double
    }

    /// As the device granted it.
    struct Stream: Encodable {
        var sampleRate: Int
        var channels: Int
        var sampleFormat: String
        var periodFrames: Int
        var bufferFrames: Int
        var periodMilliseconds: Double
        var bufferMilliseconds: Double
        var scheduling: String
    }

    var version = InputClickVersion.string
    /// `nil` when its location could not be read from the environment.
    var settingsFile: String?
    var settingsFileExists: Bool
    var settings: Settings
    /// The first of ``settingsErrors``, as before.
    var settingsError: String?
    /// Each faulty line of the file, then the environment's.
    var settingsErrors: [String]
    var soundProblems: [String]
    /// By kind name, and each release sound a pack gives by kind name and `-up` (`key-up`).
    var soundSources: [String: SoundSourceReport]
    var device: String
    /// ``BackendSelection``, and what it asks of a sound server.
    var backend: Backend
    var playerState: String
    var stream: Stream?
    /// E.g. `plays` or `no-output`.
    var decision: String
    var reason: String
    /// `nil` when the device opened.
    var hint: String?
    /// In the text's order: a missing sound theme, then the device's and the player's.
    var warnings: [String]

    /// ``ListenDeviceSurvey``.
    var listen: Listen

    /// When there is no keyboard, why (`problem`) and what to do (`fix`).
    struct Listen: Encodable {
        var inputDirectory: String
        var keyboards: [Keyboard]
        var problem: String?
        var fix: String?

        /// Its device node and the kernel's name for it.
        struct Keyboard: Encodable {
            var path: String
            var name: String
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(inputDirectory, forKey: .inputDirectory)
            try container.encode(keyboards, forKey: .keyboards)
            try container.encode(problem, forKey: .problem)
            try container.encode(fix, forKey: .fix)
        }
        private enum CodingKeys: String, CodingKey { case inputDirectory, keyboards, problem, fix }
    }

    /// The latency is what is asked of a server's graph while a keyboard is visible.
    struct Backend: Encodable {
        var name: String
        var device: String
        var reason: String
        var serverLatency: String
        /// `nil` when no stream is open.
        var keepsRunning: Bool?
    }

    /// `origin` is `pack`, `theme` or `bundled`; `file` is empty for a bundled sound.
    struct SoundSourceReport: Encodable {
        var origin: String
        var file: String
    }

    init(settingsFile: String?, settingsFileExists: Bool, settings: ClickSettings, settingsErrors: [String],
         soundProblems: [String], soundSources: [ClickKind: SoundSource] = [:],
         releaseSources: [ClickKind: SoundSource] = [:], device: String, backend: Backend, playerState: String, format: OutputFormat?,
         scheduling: ClickScheduling?, verdict: TapVerdict, hint: String?, warnings: [String], listen: ListenDeviceSurvey) {
        self.settingsFile = settingsFile
        self.settingsFileExists = settingsFileExists
        self.settings = Settings(
            clicks: settings.clicksEnabled, volume: settings.volume == 0 ? 0 : settings.volume, profile: settings.profile.description,
            clickGainDecibels: settings.clickGainDecibels.isFinite ? settings.clickGainDecibels : -999,
            soundPack: settings.soundPackDirectory ?? "", soundTheme: settings.soundTheme ?? "",
            duckDepthDecibels: settings.ducking.depthDecibels, duckAttackMilliseconds: settings.ducking.attackMilliseconds,
            duckHoldMilliseconds: settings.ducking.holdMilliseconds,
            duckReleaseMilliseconds: settings.ducking.releaseMilliseconds)
        settingsError = settingsErrors.first
        self.settingsErrors = settingsErrors
        self.soundProblems = soundProblems
        self.soundSources = Dictionary(uniqueKeysWithValues: ClickKind.allCases.map { kind in
            (kind.name, SoundSourceReport(origin: soundSources[kind]?.originName ?? "bundled", file: soundSources[kind]?.path ?? ""))
        })
        for (kind, source) in releaseSources {
            self.soundSources[kind.name + "-up"] = SoundSourceReport(origin: source.originName, file: source.path ?? "")
        }
        self.device = device
        self.backend = backend
        self.playerState = playerState
        stream = format.map {
            Stream(sampleRate: $0.sampleRate, channels: $0.channels, sampleFormat: $0.sampleFormat.description,
                   periodFrames: $0.periodFrames, bufferFrames: $0.bufferFrames,
                   periodMilliseconds: $0.periodMilliseconds, bufferMilliseconds: $0.bufferMilliseconds,
                   scheduling: scheduling?.description ?? "unknown")
        }
        decision = verdict.identifier
        reason = verdict.reason
        self.hint = hint
        self.warnings = warnings
        self.listen = Listen(inputDirectory: listen.directory,
                             keyboards: listen.keyboards.map { Listen.Keyboard(path: $0.path, name: $0.name) },
                             problem: listen.problem, fix: listen.fix)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(settingsFile, forKey: .settingsFile)
        try container.encode(settingsFileExists, forKey: .settingsFileExists)
        try container.encode(settings, forKey: .settings)
        try container.encode(settingsError, forKey: .settingsError)
        try container.encode(settingsErrors, forKey: .settingsErrors)
        try container.encode(soundProblems, forKey: .soundProblems)
        try container.encode(soundSources, forKey: .soundSources)
        try container.encode(device, forKey: .device)
        try container.encode(backend, forKey: .backend)
        try container.encode(playerState, forKey: .playerState)
        try container.encode(stream, forKey: .stream)
        try container.encode(decision, forKey: .decision)
        try container.encode(reason, forKey: .reason)
        try container.encode(hint, forKey: .hint)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(listen, forKey: .listen)
    }
    private enum CodingKeys: String, CodingKey {
        case version, settingsFile, settingsFileExists, settings, settingsError, settingsErrors, soundProblems, soundSources
        case device, backend, playerState, stream, decision, reason, hint, warnings, listen
    }
}
