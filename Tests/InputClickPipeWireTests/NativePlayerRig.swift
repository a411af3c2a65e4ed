import InputClick
import InputClickPipeWire
import InputClickTesting
import Synchronization

/// A gate and a player on a ``PipeWireOutput`` to the stock PipeWire sink,
/// with the faults and events the player reported.
final class NativePlayerRig: Sendable {
    let output: PipeWireOutput
    let player: ClickPlayer
    let gate: InputClickGate
    let keyboard = OptedInInputView()
    private let reported = Reports()

    private final class Reports: Sendable {
        let storage = Mutex<(events: [String], accepted: Int)>(([], 0))
        func withLock<T>(_ body: (inout (events: [String], accepted: Int)) -> T) -> T { storage.withLock { body(&$0) } }
    }

    var events: [String] { reported.withLock { $0.events } }
    /// Taps the gate let through (answered plays or held).
    var accepted: Int { reported.withLock { $0.accepted } }

    init(_ sink: StockPipeWire, policy: ServerLatencyPolicy = .balanced, lingerMilliseconds: UInt64 = 200) {
        output = sink.output()
        let box = reported
        let configuration = ClickPlayerConfiguration(
            stream: OutputStreamRequest(serverLatency: policy), lingerNanoseconds: lingerMilliseconds * 1_000_000,
            retry: RetryBackoff(initialNanoseconds: 50_000_000, maximumNanoseconds: 400_000_000),
            warningHandler: { text in box.withLock { $0.events.append("warning: \(text)") } },
            eventHandler: { event in box.withLock { $0.events.append(event.description) } })
        player = ClickPlayer(output: output, configuration: configuration, sounds: SyntheticClickSounds.provider)
        gate = InputClickGate(sink: player, settings: ClickSettings())
    }

    /// Shows the keyboard and waits until clicks can play.
    func showAndWaitUntilRunning() -> Bool {
        gate.setVisibleInputViews([keyboard])
        return player.waitUntil(.running, timeout: .seconds(20)) == .reached
    }

    /// Hides the keyboard and waits until the stream has closed after the linger.
    func hideAndWaitUntilClosed() -> Bool {
        gate.setVisibleInputViews([])
        return player.waitUntil(.closed, timeout: .seconds(20)) == .reached
    }

    /// Taps a key; counts it if the gate let it through.
    @discardableResult
    func tap(_ kind: ClickKind = .key) -> ClickDecision {
        let decision = gate.playInputClick(kind)
        if decision.isAccepted { reported.withLock { $0.accepted += 1 } }
        return decision
    }

    /// The player's counts that say where clicks went, for messages.
    var accounting: String {
        let statistics = player.statistics
        return "written \(player.latency.count), lost with the device \(statistics.clicksLostWithDevice), "
            + "stale \(statistics.staleClicksDropped), held dropped \(statistics.heldClicksDropped), "
            + "underruns \(statistics.underruns), faults \(statistics.faults); events: \(events)"
    }

    /// Clicks the player counted as never sounding, with a reason.
    var reportedLost: Int {
        let statistics = player.statistics
        return statistics.clicksLostWithDevice + statistics.staleClicksDropped + statistics.heldClicksDropped
    }
}
