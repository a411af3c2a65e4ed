/// What one tap did: the decision, and the sound it played or would have
/// played (the tap's own kind, or ``ClickKind/key`` during secure text entry).
///
/// ``InputClickGate/play(_:at:)`` returns one, read from the same state the
/// decision was made on, so the two always agree.
public struct ClickOutcome: Sendable, Hashable {
    /// Whether the click plays, and if not, why not.
    public var decision: ClickDecision
    /// The sound chosen for the tap.
    public var soundKind: ClickKind

    /// An outcome of `decision` with `soundKind`.
    public init(decision: ClickDecision, soundKind: ClickKind) {
        self.decision = decision
        self.soundKind = soundKind
    }
}
