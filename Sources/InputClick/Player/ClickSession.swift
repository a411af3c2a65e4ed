/// An engine that reads no user settings, and a keyboard shown to it: the path for tools that play clicks on
/// their own (the CLI's `tap`, the benchmarks). Its clicks are the bundled sounds (or `sounds`) at the default
/// settings and the configuration's values (``InputClickEngine/Options/readsUserSettings`` `false`), so a
/// measurement does not depend on the machine.
///
/// ```swift
/// let session = ClickSession(output: output, configuration: configuration)
/// guard session.open(timeout: .seconds(10)) == .reached else { … }
/// session.play(.key)
/// session.drain(timeout: .seconds(4))    // the last click sounds out
/// session.close()
/// ```
///
/// One thread at a time drives a session; ``engine``, ``gate`` and ``player`` may be used from any thread.
public final class ClickSession: Sendable {
    public let engine: InputClickEngine
    /// The engine's player and gate.
    public let player: ClickPlayer
    public let gate: InputClickGate
    private let keyboard = OptedInInputView()

    /// Opens nothing yet. `sounds` defaults to ``bundledSounds``.
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

    /// The bundled sounds at the output's format; a format they cannot be converted to throws
    /// ``InputClickEngineError/unsupportedFormat(sampleRate:channels:)``.
    public static let bundledSounds: SoundBankProvider = { request in
        try request.requireSupportedFormat()
        return SoundBank.bundled(sampleRate: request.sampleRate, channels: request.channels)
    }

    /// Shows a click-enabled keyboard and waits until the stream runs.
    @discardableResult
    public func open(timeout: Duration) -> ClickPlayerWaitResult {
        engine.setVisibleInputViews([keyboard])
        return engine.waitUntilReady(timeout: timeout)
    }

    /// Taps once; see ``InputClickGate/playInputClick(_:)``.
    @discardableResult
    public func play(_ kind: ClickKind = .key) -> ClickDecision {
        engine.playInputClick(kind)
    }

    /// ``ClickPlayer/drain(timeout:)``; the stream stays open, so ``ClickPlayer/statistics`` can still be read.
    @discardableResult
    public func drain(timeout: Duration) -> Bool {
        engine.drain(timeout: timeout)
    }

    /// Shuts the engine down: the device closes now, for good.
    public func close() {
        engine.shutdown()
    }
}
