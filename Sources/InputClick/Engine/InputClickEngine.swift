import Synchronization

/// Everything a keyboard host needs, wired: the user's settings (reloaded live), the sounds (bundled or a
/// sound pack), the gate, and a player on an audio output.
///
/// ```swift
/// let engine = InputClickEngine(output: try ALSAOutput(device: "default"))
/// engine.setVisibleInputViews([keyboardView])   // keyboard shown: the stream opens
/// engine.waitUntilReady(timeout: .seconds(2))   // optional: until clicks play
/// engine.playInputClick(.key)                   // on every tap
/// engine.drain(timeout: .seconds(2))            // before exiting: the last click sounds out
/// engine.setVisibleInputViews([])               // keyboard hidden: closes after the linger
/// ```
///
/// A bad settings file or sound pack never stops clicks: the last good values stay, and the problem goes to
/// ``Options/warningHandler`` and ``settingsError`` or ``soundProblems``. Taps and ``decision(for:)`` are
/// lock-free and allocation-free; the waits and ``shutdown()`` block and must not run in the player's handlers.
public final class InputClickEngine: Sendable {
    /// How an engine is put together. Start from `Options()`, which holds every default.
    public struct Options: Sendable {
        public var player: ClickPlayerConfiguration
        /// An explicit settings file; `nil` resolves it from the environment (`INPUTCLICK_CONFIG`, then
        /// `$XDG_CONFIG_HOME/inputclick/settings.conf`).
        public var settingsFile: String?
        /// Where settings overrides and locations come from; by default this process's (``ProcessEnvironment``).
        public var environment: ProcessEnvironment
        /// Whether to apply changes to the settings file live. Default `true`.
        public var watchesSettings: Bool
        /// Default: at most 20 clicks per kind in any one second.
        public var rateLimit: ClickRateLimit
        /// Every warning (settings, sound files, the player's), replacing ``ClickPlayerConfiguration/warningHandler``.
        /// Default: one line each on standard error.
        public var warningHandler: @Sendable (String) -> Void
        /// Whether a server's graph is asked for the user's ``ClickSettings/serverLatency`` rather than
        /// ``player``'s `stream.serverLatency`. Default `true`; a host that fixes a policy sets `false`.
        public var serverLatencyFromSettings = true
        /// The player's control work and timers, and the settings watcher's coalescing clock; `nil` for their own
        /// queues on real time. Tests pass `ManualControlScheduler` (InputClickTesting).
        public var scheduler: (any ControlScheduler)?
        /// Whether the user's settings apply: the file (``settingsFile``,
        /// watched when ``watchesSettings``), the environment's overrides and
        /// the desktop's. Default `true`; with `false` the defaults stay
        /// whatever is on the machine (``SettingsStore/readingNothing()``),
        /// as in a ``ClickSession``.
        public var readsUserSettings = true
        /// Makes the sounds for each format a stream opens with; `nil` (the
        /// default) for the ones the settings name: a sound pack or theme,
        /// else the bundled sounds. ``ClickSession/bundledSounds`` plays the
        /// bundled ones whatever the settings say.
        public var sounds: SoundBankProvider?

        public init(player: ClickPlayerConfiguration = ClickPlayerConfiguration(), settingsFile: String? = nil,
                    environment: ProcessEnvironment = .current(),
                    watchesSettings: Bool = true, rateLimit: ClickRateLimit = .default,
                    warningHandler: @escaping @Sendable (String) -> Void = ClickPlayerConfiguration.standardErrorWarning,
                    scheduler: (any ControlScheduler)? = nil) {
            self.player = player
            self.settingsFile = settingsFile
            self.environment = environment
            self.watchesSettings = watchesSettings
            self.rateLimit = rateLimit
            self.warningHandler = warningHandler
            self.scheduler = scheduler
        }
    }

    public let gate: InputClickGate
    public let player: ClickPlayer
    public let settingsStore: SettingsStore
    let subscriber: SettingsSubscriber
    private let problems = SoundProblemList()

    /// Opens nothing until a click-enabled input view is visible. Reads the settings file on the calling thread.
    public init(output: any AudioOutput, options: Options = Options()) {
        let store = options.readsUserSettings ? SettingsStore(filePath: options.settingsFile, environment: options.environment)
                                              : .readingNothing()
        let themeSearchPath = SoundThemeSearchPath(environment: options.environment)
        let settings = store.current
        let warn = options.warningHandler
        let problems = self.problems
        var playerConfiguration = options.player
        playerConfiguration.mixer.ducking = settings.ducking
        playerConfiguration.serverLatencyFollowsSettings = options.serverLatencyFromSettings
        // One place for every warning: the player's (no device, faults) too.
        playerConfiguration.warningHandler = warn
        let namedSounds: SoundBankProvider = { request in
            try request.requireSupportedFormat()
            let load = SoundBank.load(packDirectory: request.soundPackDirectory, soundTheme: request.soundTheme,
                                      themeSearchPath: themeSearchPath,
                                      sampleRate: request.sampleRate, channels: request.channels)
            problems.list.withLock { $0 = load.problems }
            for problem in load.problems { warn("sound pack: \(problem)") }
            return load.bank
        }
        let player = ClickPlayer(output: output, configuration: playerConfiguration, settings: settings,
                                 scheduler: options.scheduler, sounds: options.sounds ?? namedSounds)
        let gate = InputClickGate(sink: player, settings: settings, rateLimit: options.rateLimit)
        self.gate = gate
        self.player = player
        self.settingsStore = store
        let subscriber = SettingsSubscriber(gate: gate, player: player)
        self.subscriber = subscriber
        let startupError = store.lastError
        if let startupError { warn("settings: \(startupError)") }
        if options.watchesSettings {
            // The watcher's first check reads the file again; a file still bad
            // in the same way was just reported, so it is not reported twice.
            let firstCheck = FirstCheck()
            store.startWatching(scheduler: options.scheduler, onChange: { settings in
                firstCheck.pass()
                subscriber.apply(settings)
            }, onError: { error in
                if firstCheck.pass() && error == startupError { return }
                warn("settings: \(error) (the settings in force stay)")
            })
            // The first check ran inside startWatching; whatever it found, the
            // next error is news.
            firstCheck.pass()
        }
    }

    deinit {
        settingsStore.stopWatching()
    }

    // MARK: Taps

    /// See ``InputClickGate/playInputClick(_:)``.
    @discardableResult
    public func playInputClick(_ kind: ClickKind = .key) -> ClickDecision {
        gate.playInputClick(kind)
    }

    /// Placed by `placement` (pan, gain, whether ``MixerConfiguration/variation`` applies); secure entry plays
    /// it centred and unvaried.
    @discardableResult
    public func playInputClick(_ kind: ClickKind, placement: ClickPlacement) -> ClickDecision {
        gate.playInputClick(kind, at: player.clock.now(), placement: placement)
    }

    /// What a tap of `kind` would do now, without playing it.
    public func decision(for kind: ClickKind = .key) -> ClickDecision {
        gate.decision(for: kind)
    }

    // MARK: Waiting

    /// Waits until clicks play after a keyboard was shown (``ClickPlayer/waitUntil(_:timeout:)``): for a host
    /// that must not lose the first tap.
    @discardableResult
    public func waitUntilReady(timeout: Duration) -> ClickPlayerWaitResult {
        player.waitUntil(.running, timeout: timeout)
    }

    /// Waits until every accepted click has sounded out (``ClickPlayer/drain(timeout:)``): before exiting.
    @discardableResult
    public func drain(timeout: Duration) -> Bool {
        player.drain(timeout: timeout)
    }

    // MARK: Host state

    /// The first responder's visible input and accessory views, `[]` when the keyboard hides; returns at once.
    /// See ``InputClickGate/setVisibleInputViews(_:)``.
    public func setVisibleInputViews(_ views: [AnyObject]) {
        gate.setVisibleInputViews(views)
    }

    /// Whether the focused text input is secure (every tap then plays the key sound).
    public func setSecureTextEntry(_ secure: Bool) {
        gate.setSecureTextEntry(secure)
    }

    // MARK: Host audio

    /// Plays the host's own audio through the click mixer, ducked while clicks sound (``ClickPlayer/attach(_:)``).
    public func attach(_ stream: HostStream) {
        player.attach(stream)
    }

    /// See ``ClickPlayer/setMasterVolume(_:)``.
    public func setMasterVolume(_ gain: Float) {
        player.setMasterVolume(gain)
    }

    public func detach(_ stream: HostStream) {
        player.detach(stream)
    }

    // MARK: Settings and sounds

    public var settings: ClickSettings { settingsStore.current }

    /// The settings problem in force (a malformed file, a bad environment value), if any.
    public var settingsError: SettingsError? { settingsStore.lastError }

    /// The sound pack's files refused at the last load; the bundled sound plays for each of their kinds.
    public var soundProblems: [SoundLoadError] { problems.list.withLock { $0 } }

    /// Reads the settings file again now, on this thread, and applies it if it parses.
    @discardableResult
    public func reloadSettings() -> Result<ClickSettings, SettingsError> {
        let result = settingsStore.reload()
        if case .success(let settings) = result { subscriber.apply(settings) }
        return result
    }

    /// Stops watching the settings and closes the output for good; waits for the stream to close.
    public func shutdown() {
        settingsStore.stopWatching()
        gate.removeVisibilityObserver(player)
        player.shutdown()
    }
}

/// The one way changed settings (file, reload, host override) reach the gate (clicks on or off, profile),
/// then the player (volume, ducking, sounds, latency; a sound change loads on the player's queue).
struct SettingsSubscriber: Sendable {
    let gate: InputClickGate
    let player: ClickPlayer

    func apply(_ settings: ClickSettings) {
        gate.apply(settings)
        player.apply(settings)
    }
}

private final class SoundProblemList: Sendable {
    let list = Mutex<[SoundLoadError]>([])
}

public enum InputClickEngineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output's rate or channel count is outside what the sound bank supports.
    case unsupportedFormat(sampleRate: Int, channels: Int)

    public var description: String {
        switch self {
        case .unsupportedFormat(let rate, let channels):
            return "the output's format (\(rate) Hz, \(channels) channels) is outside what click sounds can be converted to"
        }
    }
}

/// Whether the settings watcher's first check has been seen yet.
private final class FirstCheck: Sendable {
    private let seen = Atomic(false)

    /// `true` the first time only.
    @discardableResult
    func pass() -> Bool { !seen.exchange(true, ordering: .acquiringAndReleasing) }
}
