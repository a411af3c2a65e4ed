import InputClick

/// What `listen` keeps of a key: the kind of click it makes and where that
/// click sits between the speakers. Nothing else about the key survives.
public struct KeyClick: Sendable, Hashable {
    /// The sound: ``ClickKind/delete`` for Backspace and Delete,
    /// ``ClickKind/modifier`` for Shift, Ctrl, Alt, Meta and Caps Lock,
    /// ``ClickKind/space``, ``ClickKind/return`` for both Enter keys, and
    /// ``ClickKind/key`` for every other key.
    public var kind: ClickKind
    /// The stereo position, −``KeyLayout/maximumPan`` … +``KeyLayout/maximumPan``.
    public var pan: Float

    public init(kind: ClickKind, pan: Float) {
        self.kind = kind
        self.pan = pan
    }

    /// The click for key code `code` (an `EV_KEY` code below 0x100), or `nil`
    /// for a code that is not a keyboard key.
    public init?(code: UInt16) {
        guard code > 0, code < KeyCodes.firstButton else { return nil }
        switch code {
        case KeyCodes.backspace, KeyCodes.delete: kind = .delete
        case KeyCodes.enter, KeyCodes.keypadEnter: kind = .return
        case KeyCodes.space: kind = .space
        case _ where KeyCodes.modifiers.contains(code): kind = .modifier
        default: kind = .key
        }
        pan = KeyLayout.pan(code: code)
    }
}
