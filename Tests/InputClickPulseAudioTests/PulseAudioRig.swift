import Foundation
import InputClick
import InputClickPulseAudio
import InputClickTesting
import Synchronization
import TestSupport
import Testing

/// The suites that play to a real PulseAudio, one at a time: they share one
/// server (``PulseAudioRig/sharedSinkFailure``) and count its streams.
@Suite(.serialized) struct ThroughPulseAudio {}

/// A gate and a player on ``PulseAudioOutput``, playing to a private real
/// PulseAudio 16 (``PulseAudioSink``), with what the player reported.
final class PulseAudioRig: Sendable {
    let sink: PulseAudioSink
    let output: PulseAudioOutput
    let player: ClickPlayer
    let gate: InputClickGate
    let keyboard = OptedInInputView()
    private let reported = Reports()

    var warnings: [String] { reported.storage.withLock { $0.warnings } }
    var events: [String] { reported.storage.withLock { $0.events } }
    /// The kinds of the faults the player was told of, in order.
    var faultKinds: [OutputFault.Kind] { reported.faults.withLock { $0 } }

    private final class Reports: Sendable {
        let storage = Mutex<(warnings: [String], events: [String])>(([], []))
        let faults = Mutex<[OutputFault.Kind]>([])
    }

    /// The shared sink, started once for the whole test process (suites run
    /// in parallel) and stopped when it exits (the script's --watch-pid); the
    /// script's output if it did not start.
    static let sharedSinkFailure: String? = PulseAudioSink.shared.start()

    /// Starts `sink` (once, for the shared one) and makes a player on its
    /// server, whose output declares a stall after `stallTimeoutNanoseconds`
    /// without audio taken (2 s: more than a loaded machine stalls a healthy server).
    init(sink: PulseAudioSink = .shared, stallTimeoutNanoseconds: UInt64 = 2_000_000_000) throws {
        self.sink = sink
        let failure = sink.name == PulseAudioSink.shared.name ? Self.sharedSinkFailure : sink.start()
        if let failure { throw RigError(message: "the PulseAudio sink did not start: \(failure)") }
        guard let server = sink.environment()["PULSE_SERVER"] else { throw RigError(message: "no PULSE_SERVER") }
        output = PulseAudioOutput(server: server, renderPriority: nil, stallTimeoutNanoseconds: stallTimeoutNanoseconds)
        let box = reported
        let configuration = ClickPlayerConfiguration(
            lingerNanoseconds: 200_000_000,
            retry: RetryBackoff(initialNanoseconds: 50_000_000, maximumNanoseconds: 400_000_000), latencyCapacity: 10_000,
            warningHandler: { text in box.storage.withLock { $0.warnings.append(text) } },
            eventHandler: { event in
                box.storage.withLock { $0.events.append(event.description) }
                if case .fault(let fault) = event { box.faults.withLock { $0.append(fault.kind) } }
            })
        player = ClickPlayer(output: output, configuration: configuration) { request in
            SoundBank.bundled(sampleRate: request.sampleRate, channels: request.channels)
        }
        gate = InputClickGate(sink: player, settings: ClickSettings(), rateLimit: .unlimited)
    }

    struct RigError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Shows the keyboard and waits until clicks can play.
    func showAndWaitUntilRunning(seconds: Double = 20) -> Bool {
        gate.setVisibleInputViews([keyboard])
        return player.waitUntil(.running, timeout: .seconds(seconds)) == .reached
    }

    /// `pactl` against the rig's server, its standard output.
    func pactl(_ arguments: [String]) -> String {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in sink.environment() { environment[key] = value }
        return ChildProcess.run("/usr/bin/pactl", arguments, environment: environment).standardOutput
    }
}
