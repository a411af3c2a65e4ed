import InputClick

/// One touch-down on the demo keyboard (a tap, or one repeat of a held key).
public struct KeyStroke: Sendable, Hashable {
    /// In nanoseconds on the caller's timeline.
    public var time: UInt64
    public var key: KeyRole
    public var isRepeat: Bool
    public var clickKind: ClickKind
    /// ``clickKind``, or ``ClickKind/key`` during secure text entry.
    public var soundKind: ClickKind
    public var decision: ClickDecision
    /// `nil` for keys that do not edit (shift, page keys, next, ch/en).
    public var edit: TextEditOutcome?

    public init(time: UInt64, key: KeyRole, isRepeat: Bool, clickKind: ClickKind, soundKind: ClickKind,
                decision: ClickDecision, edit: TextEditOutcome?) {
        self.time = time
        self.key = key
        self.isRepeat = isRepeat
        self.clickKind = clickKind
        self.soundKind = soundKind
        self.decision = decision
        self.edit = edit
    }
}
