import InputClick
import InputClickTesting
import Testing

@Suite("Secure text entry")
struct GateSecureEntryTests {
    @Test("secure entry plays the key sound for every kind, so the sound never reveals the key")
    func secureEntryPlaysKeyForEveryKind() {
        let sink = RecordingSink()
        let gate = InputClickGate(sink: sink, rateLimit: .unlimited)
        let keyboard = OptedInInputView()
        gate.setVisibleInputViews([keyboard])
        gate.setSecureTextEntry(true)
        for kind in ClickKind.allCases {
            #expect(gate.soundKind(for: kind) == .key)
            #expect(gate.playInputClick(kind) == .plays)
        }
        #expect(sink.clicks.map(\.kind) == Array(repeating: .key, count: ClickKind.count))
        gate.setSecureTextEntry(false)
        #expect(gate.playInputClick(.return) == .plays)
        #expect(sink.clicks.last?.kind == .return)
    }
}
