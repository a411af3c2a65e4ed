/// An engine, and a keyboard shown to it: the one path that tools which
/// play clicks on their own (the CLI's `tap`, the benchmarks) take from
/// opening the device to the last click sounding out.
///
/// Hosts use ``InputClickEngine`` with its defaults, which read the user's
/// settings (the file, live, and the desktop's) and the sound pack they name.
/// A session's engine reads none (``InputClickEngine/Options/readsUserSettings``
/// `false`): its clicks are the bundled sounds (or `sounds`) at the default
/// settings and the player configuration's values, so that a measurement or
/// a `tap` run does not depend on whose settings file is on the machine.
///
/// ```swift
/// let session = ClickSession(output: output, configuration: configuration)
/// guard session.open(timeout: .seconds(10)) == .reached else { … }
/// session.play(.key)
/// session.drain(timeout: .seconds(4))    // the last click sounds out
/// session.close()
/// ```
///
/// Thread context: one thread at a time drives a session, and ``open(timeout:)``,
/// ``drain(timeout:)`` and ``close()`` block it; ``engine``, ``gate`` and
/// ``player`` may be used from any thread as their own docs say.
public final class ClickSession: Sendable {
    /// The engine the session drives.
    public let engine: InputClickEngine
    /// The engine's player, which the session shows its keyboard to.
    public let player: ClickPlayer
    /// The engine's gate, with the player as its sink and visibility observer.
    public let gate: InputClickGate
    private let keyboard = OptedInInputView()

    /// A session playing on `output`, with a gate of `rateLimit`. Opens nothing yet.
    ///
    /// - Parameter sounds: the sounds for each format the output opens with;
    ///   by default the bundled ones (``bundledSounds``).
    public init(output: any AudioOutput, configuration: ClickPlayerConfiguration = ClickPlayerConfiguration(),
                rateLimit: ClickRateLimit = .unlimited, sounds: @escaping SoundBankProvider = ClickSession.bundledSounds) {
        var options = InputClickEngine.Options(player: configuration, environment: ProcessEnvironment([:]), watchesSettings: false,
                                               rateLimit: rateLimit, warningHandler: configuration.warningHandler)
        options.readsUserSettings = false
        options.serverLatencyFromSettings = configuration.serverLatencyFollowsSettings
        options.sounds = sounds
        engine = InputClickEngine(output: output, options: options)
        player = engine.player
        gate = engine.gate
    }

    /// The bundled sounds at the output's format; a format they cannot be
    /// converted to throws ``InputClickEngineError/unsupportedFormat(sampleRate:channels:)``.
    public static let bundledSounds: SoundBankProvider = { request in
        guard SoundBank.supportedSampleRates.contains(request.sampleRate),
              SoundBank.supportedChannelCounts.contains(request.channels) else {
            throw InputClickEngineError.unsupportedFormat(sampleRate: request.sampleRate, channels: request.channels)
        }
        return SoundBank.bundled(sampleRate: request.sampleRate, channels: request.channels)
    }

    /// Shows a click-enabled keyboard and waits until the stream runs.
    @discardableResult
    public func open(timeout: Duration) -> ClickPlayerWaitResult {
        engine.setVisibleInputViews([keyboard])
        return engine.waitUntilReady(timeout: timeout)
    }

    /// Taps once; see ``InputClickGate/playInputClick(_:)``.
    ///
    /// Lock-free and allocation-free.
    @discardableResult
    public func play(_ kind: ClickKind = .key) -> ClickDecision {
        engine.playInputClick(kind)
    }

    /// Waits until every click played has sounded out; see
    /// ``ClickPlayer/drain(timeout:)``. The stream stays open, so its
    /// ``ClickPlayer/statistics`` can still be read; ``close()`` ends it.
    ///
    /// - Returns: whether everything sounded out within `timeout`.
    @discardableResult
    public func drain(timeout: Duration) -> Bool {
        engine.drain(timeout: timeout)
    }

    /// Shuts the engine down: the device closes now, for good.
    public func close() {
        engine.shutdown()
    }
}
