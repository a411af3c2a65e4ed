/// What one tap did: the decision, and the sound it played or would have (``ClickKind/key`` during secure
/// text entry), both read from the one state (``InputClickGate/play(_:at:placement:)``).
public struct ClickOutcome: Sendable, Hashable {
    public var decision: ClickDecision
    public var soundKind: ClickKind

    public init(decision: ClickDecision, soundKind: ClickKind) {
        self.decision = decision
        self.soundKind = soundKind
    }
}
