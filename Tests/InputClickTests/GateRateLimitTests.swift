import InputClick
import InputClickTesting
import Testing

private final class Keyboard: InputViewAudioFeedback {
    var enableInputClicksWhenVisible: Bool { true }
}

@Suite("Rate limiting held keys")
struct GateRateLimitTests {
    private func gate(_ sink: RecordingSink) -> (InputClickGate, Keyboard) {
        let gate = InputClickGate(sink: sink)
        let keyboard = Keyboard()
        gate.setVisibleInputViews([keyboard])
        return (gate, keyboard)
    }

    @Test("a delete key auto-repeating at 40 per second for 3 seconds clicks at most 20 per second")
    func heldKeyIsLimited() {
        let sink = RecordingSink()
        let (gate, keyboard) = gate(sink)
        let start: UInt64 = 10_000_000_000
        var decisions: [ClickDecision] = []
        for i in 0..<120 {
            decisions.append(gate.playInputClick(.delete, at: start + UInt64(i) * 25_000_000))
        }
        let played = decisions.filter { $0 == .plays }.count
        // 3 s at 20/s, plus the burst allowance of 3 at the start.
        #expect(played >= 60 && played <= 63)
        #expect(decisions.filter { $0 == .rateLimited }.count == 120 - played)
        // No one-second window holds more than the rate plus the burst allowance.
        let times = sink.clicks.map(\.requestedAt)
        for (i, t) in times.enumerated() {
            let inWindow = times[i...].prefix { $0 < t + 1_000_000_000 }.count
            #expect(inWindow <= 20 + 3)
        }
        // And once the burst allowance is spent, admitted clicks are 50 ms apart.
        let late = times.filter { $0 >= start + 1_000_000_000 }
        #expect(zip(late, late.dropFirst()).allSatisfy { $1 - $0 >= 50_000_000 })
        withExtendedLifetime(keyboard) {}
    }

    @Test("the limit is per kind: a held delete does not silence letter keys")
    func limitIsPerKind() {
        let sink = RecordingSink()
        let (gate, keyboard) = gate(sink)
        let start: UInt64 = 10_000_000_000
        for i in 0..<40 { gate.playInputClick(.delete, at: start + UInt64(i) * 10_000_000) }
        #expect(gate.playInputClick(.key, at: start + 400_000_000) == .plays)
        withExtendedLifetime(keyboard) {}
    }

    @Test("three quick taps of one kind (key rollover) all click")
    func rolloverBurstClicks() {
        let sink = RecordingSink()
        let (gate, keyboard) = gate(sink)
        let start: UInt64 = 10_000_000_000
        let decisions = (0..<3).map { gate.playInputClick(.key, at: start + UInt64($0) * 15_000_000) }
        #expect(decisions == [.plays, .plays, .plays])
        withExtendedLifetime(keyboard) {}
    }

    @Test("typing at 12 keys per second is never limited")
    func normalTypingIsNeverLimited() {
        let sink = RecordingSink()
        let (gate, keyboard) = gate(sink)
        let start: UInt64 = 10_000_000_000
        let decisions = (0..<120).map { gate.playInputClick(.key, at: start + UInt64($0) * 83_000_000) }
        #expect(decisions.allSatisfy { $0 == .plays })
        withExtendedLifetime(keyboard) {}
    }
}
