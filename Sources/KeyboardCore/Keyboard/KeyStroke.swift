import InputClick

/// The record of one touch-down on the demo keyboard (a tap, or one repeat of
/// a held key): the click it asked for, what the gate decided, and what it did
/// to the text.
public struct KeyStroke: Sendable, Hashable {
    /// When the key went down, in nanoseconds on the caller's timeline.
    public var time: UInt64
    public var key: KeyRole
    /// Whether this is an auto-repeat of a held key rather than a touch-down.
    public var isRepeat: Bool
    /// The click kind the key asked the gate for.
    public var clickKind: ClickKind
    /// The sound the gate plays for it: ``clickKind``, or ``ClickKind/key``
    /// during secure text entry.
    public var soundKind: ClickKind
    /// What the gate decided.
    public var decision: ClickDecision
    /// What the key did to the text; `nil` for keys that do not edit (shift,
    /// page keys, next, ch/en).
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
