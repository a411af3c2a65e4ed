import Synchronization

/// Everything a keyboard host needs, assembled and wired: the user's settings
/// (reloaded live), the sounds (bundled or a sound pack), the gate, and a
/// player on an audio output.
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
/// Settings changes (the file, live) reach the gate (clicks on or off,
/// profile) and the player (volume, ducking, sound pack). Problems with the
/// settings file or the sound pack never stop clicks: they are reported
/// through ``InputClickEngine/Options/warningHandler`` and readable from
/// ``settingsError`` and ``soundProblems``, and the last good values stay.
///
/// Thread context: ``playInputClick(_:)`` and ``decision(for:)`` are
/// lock-free and allocation-free.
public final class InputClickEngine: Sendable {
    /// How an engine is put together. Start from `Options()`.
    public struct Options: Sendable {
        /// The player: stream request (latency profile), linger, retry backoff, handlers.
        public var player: ClickPlayerConfiguration
        /// The path of an explicit settings file; `nil` resolves it from the environment
        /// (`INPUTCLICK_CONFIG`, then `$XDG_CONFIG_HOME/inputclick/settings.conf`).
        public var settingsFile: String?
        /// The environment that settings overrides and locations come from:
        /// by default this process's, read so that a value that is not UTF-8
        /// is refused by name (see ``ProcessEnvironment``).
        public var environment: ProcessEnvironment
        /// Whether to watch the settings file and apply changes live. Default `true`.
        public var watchesSettings: Bool
        /// The per-kind click rate limit. Default: at most 20 per kind in any one second.
        public var rateLimit: ClickRateLimit
        /// Where every warning goes: bad settings file, refused sound files, and
        /// the player's (no device, faults); it replaces
        /// ``ClickPlayerConfiguration/warningHandler``. Default: standard error, one line each.
        public var warningHandler: @Sendable (String) -> Void
        /// Whether the stream asks a sound server's graph for the user's
        /// `latency` setting (``ClickSettings/serverLatency``) rather than
        /// ``player``'s `stream.serverLatency`. Default `true`; a host that
        /// fixes a policy itself sets `false`.
        public var serverLatencyFromSettings = true
        /// Where the player does its control work and keeps its timers
        /// (linger, retries), and the clock of the settings watcher's
        /// coalescing; `nil` for their own queues on the wall clock. Tests
        /// pass `ManualControlScheduler` (InputClickTesting) to move time by hand.
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

        /// The defaults.
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

    /// The gate: hosts report visible views and secure entry here, and taps click here.
    public let gate: InputClickGate
    /// The player on the output.
    public let player: ClickPlayer
    /// The settings and their file.
    public let settingsStore: SettingsStore
    /// The one way settings reach the gate and the player.
    let subscriber: SettingsSubscriber
    private let problems = SoundProblemList()

    /// Assembles an engine on `output`. Opens nothing until a click-enabled
    /// input view is visible.
    ///
    /// Thread context: reads the settings file on the calling thread.
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
            guard SoundBank.supportedSampleRates.contains(request.sampleRate),
                  SoundBank.supportedChannelCounts.contains(request.channels) else {
                throw InputClickEngineError.unsupportedFormat(sampleRate: request.sampleRate, channels: request.channels)
            }
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

    /// Plays a click if the settings and the visible views allow it; see
    /// ``InputClickGate/playInputClick(_:)``.
    ///
    /// Lock-free and allocation-free.
    @discardableResult
    public func playInputClick(_ kind: ClickKind = .key) -> ClickDecision {
        gate.playInputClick(kind)
    }

    /// Plays a click like ``playInputClick(_:)``, placed by `placement`: its
    /// pan, its gain, and whether the mixer's variation applies
    /// (``MixerConfiguration/variation``, set through the player's
    /// configuration). Secure entry plays it centred and unvaried.
    ///
    /// Lock-free and allocation-free.
    @discardableResult
    public func playInputClick(_ kind: ClickKind, placement: ClickPlacement) -> ClickDecision {
        gate.playInputClick(kind, at: player.clock.now(), placement: placement)
    }

    /// What a tap of `kind` would do now, without playing it.
    ///
    /// Lock-free.
    public func decision(for kind: ClickKind = .key) -> ClickDecision {
        gate.decision(for: kind)
    }

    // MARK: Waiting

    /// Waits until the stream runs and clicks play, after a click-enabled
    /// view was shown; see ``ClickPlayer/waitUntil(_:timeout:)``. A host
    /// that must not lose the first tap calls it once after showing its keyboard.
    ///
    /// Thread context: any thread except the player's handlers; blocks up to `timeout`.
    @discardableResult
    public func waitUntilReady(timeout: Duration) -> ClickPlayerWaitResult {
        player.waitUntil(.running, timeout: timeout)
    }

    /// Waits until every click accepted so far has sounded out; call it
    /// before hiding the keyboard for good or exiting. See ``ClickPlayer/drain(timeout:)``.
    ///
    /// Thread context: any thread except the player's handlers; blocks up to `timeout`.
    @discardableResult
    public func drain(timeout: Duration) -> Bool {
        player.drain(timeout: timeout)
    }

    // MARK: Host state

    /// Reports the first responder's visible input view and accessory view;
    /// `[]` when the keyboard hides. See ``InputClickGate/setVisibleInputViews(_:)``.
    ///
    /// Returns without waiting for the device.
    public func setVisibleInputViews(_ views: [AnyObject]) {
        gate.setVisibleInputViews(views)
    }

    /// Reports whether the focused text input is secure (every tap then plays the key sound).
    ///
    /// Lock-free.
    public func setSecureTextEntry(_ secure: Bool) {
        gate.setSecureTextEntry(secure)
    }

    // MARK: Host audio

    /// Plays the host's own audio through the click mixer, ducked while
    /// clicks sound; see ``ClickPlayer/attach(_:)``.
    ///
    /// Returns without waiting for the device.
    public func attach(_ stream: HostStream) {
        player.attach(stream)
    }

    /// Sets the master volume of clicks and host audio together; see
    /// ``ClickPlayer/setMasterVolume(_:)``.
    ///
    /// Returns without waiting for the device.
    public func setMasterVolume(_ gain: Float) {
        player.setMasterVolume(gain)
    }

    /// Stops playing a stream attached with ``attach(_:)``.
    ///
    /// Returns without waiting for the device.
    public func detach(_ stream: HostStream) {
        player.detach(stream)
    }

    // MARK: Settings and sounds

    /// The settings in force.
    public var settings: ClickSettings { settingsStore.current }

    /// The settings problem in force, if any: a malformed file or a bad
    /// environment value. `nil` when everything parsed.
    public var settingsError: SettingsError? { settingsStore.lastError }

    /// The files of the sound pack that were refused at the last load; the
    /// bundled sound plays for each of their kinds.
    public var soundProblems: [SoundLoadError] { problems.list.withLock { $0 } }

    /// Reads the settings file again now and applies it if it parses.
    ///
    /// Reads the file on this thread.
    @discardableResult
    public func reloadSettings() -> Result<ClickSettings, SettingsError> {
        let result = settingsStore.reload()
        if case .success(let settings) = result { subscriber.apply(settings) }
        return result
    }

    /// Stops watching the settings and closes the output for good.
    ///
    /// Thread context: any thread but the player's control queue; waits for
    /// the stream to close.
    public func shutdown() {
        settingsStore.stopWatching()
        gate.removeVisibilityObserver(player)
        player.shutdown()
    }
}

/// Where settings go when they change (the file, a reload, a host
/// override): the gate (clicks on or off, profile), then the player
/// (volume, ducking, sound pack, latency).
struct SettingsSubscriber: Sendable {
    let gate: InputClickGate
    let player: ClickPlayer

    /// Applies `settings` to both.
    ///
    /// A sound-pack or theme change loads sounds on the player's queue.
    func apply(_ settings: ClickSettings) {
        gate.apply(settings)
        player.apply(settings)
    }
}

/// The sound files refused at the last load, shared with the player's sound provider.
private final class SoundProblemList: Sendable {
    let list = Mutex<[SoundLoadError]>([])
}

/// Why an engine could not make sounds for an output.
public enum InputClickEngineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output's rate or channel count is outside what the sound bank supports.
    case unsupportedFormat(sampleRate: Int, channels: Int)

    /// A sentence for people.
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

    /// Returns `true` the first time only.
    @discardableResult
    func pass() -> Bool { !seen.exchange(true, ordering: .acquiringAndReleasing) }
}
