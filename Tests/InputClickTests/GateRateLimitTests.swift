import InputClick
import InputClickTesting
import Testing

@Suite("Rate limiting held keys")
struct GateRateLimitTests {
    private func gate(_ sink: RecordingSink, rateLimit: ClickRateLimit = .default) -> (InputClickGate, OptedInInputView) {
        let gate = InputClickGate(sink: sink, rateLimit: rateLimit)
        let keyboard = OptedInInputView()
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
        // 20 in each of the 3 seconds.
        #expect(played == 60)
        #expect(decisions.filter { $0 == .rateLimited }.count == 120 - played)
        // No one-second window holds more than 20.
        let times = sink.clicks.map(\.requestedAt)
        for (i, t) in times.enumerated() {
            let inWindow = times[i...].prefix { $0 < t + 1_000_000_000 }.count
            #expect(inWindow <= 20)
        }
        withExtendedLifetime(keyboard) {}
    }

    @Test("a delete auto-repeating every 50 ms, the demo keyboard's fastest, clicks on every repeat")
    func repeatAtTheLimitAlwaysClicks() {
        let sink = RecordingSink()
        let (gate, keyboard) = gate(sink)
        let start: UInt64 = 10_000_000_000
        let decisions = (0..<100).map { gate.playInputClick(.delete, at: start + UInt64($0) * 50_000_000) }
        #expect(decisions.allSatisfy { $0 == .plays })
        withExtendedLifetime(keyboard) {}
    }

    @Test("twenty taps of one kind at once all click, and the twenty-first waits out the second")
    func windowFillsThenFrees() {
        let sink = RecordingSink()
        let (gate, keyboard) = gate(sink)
        let start: UInt64 = 10_000_000_000
        #expect((0..<20).allSatisfy { gate.playInputClick(.key, at: start + UInt64($0)) == .plays })
        #expect(gate.playInputClick(.key, at: start + 999_999_999) == .rateLimited)
        #expect(gate.playInputClick(.key, at: start + 1_000_000_000) == .plays)
        // A clock read a moment earlier on another thread counts as inside the window.
        #expect(gate.playInputClick(.key, at: start) == .rateLimited)
        withExtendedLifetime(keyboard) {}
    }

    @Test("a limit of zero lifts it")
    func zeroIsUnlimited() {
        let (gate, keyboard) = gate(RecordingSink(), rateLimit: ClickRateLimit(clicksPerSecond: 0))
        #expect((0..<500).allSatisfy { gate.playInputClick(.key, at: 10_000_000_000 + UInt64($0)) == .plays })
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
