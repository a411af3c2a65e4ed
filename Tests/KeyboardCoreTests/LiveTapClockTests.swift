import InputClick
import InputClickTesting
import Testing
@testable import KeyboardCore

/// Live taps are stamped by the gate's clock (its sink's), never by a clock of their own.
@Suite("Live taps on the gate's clock")
struct LiveTapClockTests {
    /// A sink on simulated time, as a player on a manual scheduler is.
    final class SimulatedSink: ClickSink {
        let time = SimulatedClock(start: 7_000_000_000)
        let recorded = RecordingSink()
        var clock: ClickClock { .simulated(time) }
        var isAcceptingClicks: Bool { true }
        func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool {
            recorded.submitClick(kind, requestedAt: requestedAt)
        }
    }

    @Test("a demo keyboard's tap now is stamped with the gate's simulated time")
    func aTapNowIsStampedByTheGatesClock() throws {
        let sink = SimulatedSink()
        let host = KeyboardHost(gate: InputClickGate(sink: sink, rateLimit: .unlimited))
        let view = TextView(text: "", traits: TextInputTraits(autocapitalizationType: .none))
        host.add(view)
        view.becomeFirstResponder()
        let first = try host.demoKeyboard.tap(.character("a"))
        sink.time.advance(by: 250_000_000)
        let second = try host.demoKeyboard.tap(.character("b"))
        #expect([first.time, second.time] == [7_000_000_000, 7_250_000_000])
        #expect(sink.recorded.clicks.map(\.requestedAt) == [7_000_000_000, 7_250_000_000])
    }

    @Test("a script with no time origin starts at the gate's now")
    func aScriptStartsAtTheGatesNow() throws {
        let sink = SimulatedSink()
        let host = KeyboardHost(gate: InputClickGate(sink: sink, rateLimit: .unlimited))
        let runner = ScriptRunner(host: host, responders: ["name": TextField()])
        _ = try runner.run([ScriptEvent(milliseconds: 0, .focus("name")), ScriptEvent(milliseconds: 300, .tap(.space))])
        #expect(sink.recorded.clicks.map(\.requestedAt) == [7_300_000_000])
    }
}
