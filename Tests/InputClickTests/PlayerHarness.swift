import InputClick
import InputClickTesting
import Synchronization

/// Collects what a player reports, for assertions.
final class PlayerReports: Sendable {
    private let storage = Mutex<(warnings: [String], events: [String])>(([], []))
    var warnings: [String] { storage.withLock { $0.warnings } }
    var events: [String] { storage.withLock { $0.events } }
    func warn(_ text: String) { storage.withLock { $0.warnings.append(text) } }
    func event(_ event: ClickPlayerEvent) { storage.withLock { $0.events.append(event.description) } }
}

/// A gate, a player on an offline output, a manual scheduler, and the reports.
/// The scheduler's simulated clock is the player's: it starts at
/// ``start``, so that a test can stamp a tap in the past.
struct PlayerHarness {
    let output: OfflineOutput
    let scheduler = ManualControlScheduler(start: PlayerHarness.start)
    let reports = PlayerReports()
    let player: ClickPlayer
    let gate: InputClickGate
    let keyboard = OptedInInputView()

    static let linger: UInt64 = 3_000_000_000
    /// Where the simulated clock starts: a thousand seconds in.
    static let start: UInt64 = 1_000_000_000_000

    init(output: OfflineOutput = OfflineOutput(), settings: ClickSettings = ClickSettings(),
         sounds: @escaping SoundBankProvider = SyntheticClickSounds.provider) {
        self.output = output
        let reports = self.reports
        let configuration = ClickPlayerConfiguration(
            lingerNanoseconds: Self.linger,
            warningHandler: { reports.warn($0) },
            eventHandler: { reports.event($0) })
        player = ClickPlayer(output: output, configuration: configuration, settings: settings,
                             scheduler: scheduler, sounds: sounds)
        gate = InputClickGate(sink: player, settings: settings, rateLimit: .unlimited)
    }

    func show() {
        gate.setVisibleInputViews([keyboard])
        scheduler.runPending()
    }

    func hide() {
        gate.setVisibleInputViews([])
        scheduler.runPending()
    }

    /// Renders `milliseconds` of audio at the stream's rate (mono channel 0 view not applied).
    func render(milliseconds: Int) -> [Float] {
        let rate = player.statistics.format?.sampleRate ?? 48_000
        return output.render(frameCount: rate * milliseconds / 1000)
    }
}
