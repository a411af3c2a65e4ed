/// A player, its gate, and a keyboard shown: the path for tools that play clicks on their own (the CLI's
/// `tap`, the benchmarks). Unlike ``InputClickEngine`` it reads no user settings: its clicks are the bundled
/// sounds (or `sounds`) at the configuration's values, so a measurement does not depend on the machine.
///
/// ```swift
/// let session = ClickSession(output: output, configuration: configuration)
/// guard session.open(timeout: .seconds(10)) == .reached else { … }
/// session.play(.key)
/// session.drain(timeout: .seconds(4))    // the last click sounds out
/// session.close()
/// ```
///
/// One thread at a time drives a session; ``gate`` and ``player`` may be used from any thread.
public final class ClickSession: Sendable {
    public let player: ClickPlayer
    public let gate: InputClickGate
    private let keyboard = OptedInInputView()

    /// Opens nothing yet. `sounds` defaults to ``bundledSounds``.
    public init(output: any AudioOutput, configuration: ClickPlayerConfiguration = ClickPlayerConfiguration(),
                rateLimit: ClickRateLimit = .unlimited, sounds: @escaping SoundBankProvider = ClickSession.bundledSounds) {
        player = ClickPlayer(output: output, configuration: configuration, sounds: sounds)
        gate = InputClickGate(sink: player, rateLimit: rateLimit)
    }

    /// The bundled sounds at the output's format; a format they cannot be converted to throws
    /// ``InputClickEngineError/unsupportedFormat(sampleRate:channels:)``.
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
        gate.setVisibleInputViews([keyboard])
        return player.waitUntil(.running, timeout: timeout)
    }

    /// Taps once; see ``InputClickGate/playInputClick(_:)``.
    @discardableResult
    public func play(_ kind: ClickKind = .key) -> ClickDecision {
        gate.playInputClick(kind)
    }

    /// ``ClickPlayer/drain(timeout:)``; the stream stays open, so ``ClickPlayer/statistics`` can still be read.
    @discardableResult
    public func drain(timeout: Duration) -> Bool {
        player.drain(timeout: timeout)
    }

    /// Shuts the player down: the device closes now, for good.
    public func close() {
        player.shutdown()
    }
}
