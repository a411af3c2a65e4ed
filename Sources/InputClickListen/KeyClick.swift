import InputClick

/// What `listen` keeps of a key: its click's kind and pan; nothing else survives.
public struct KeyClick: Sendable, Hashable {
    /// ``ClickKind/delete`` for Backspace and Delete, ``ClickKind/modifier`` for Shift, Ctrl, Alt, Meta and
    /// Caps Lock, ``ClickKind/return`` for both Enters, ``ClickKind/space``, else ``ClickKind/key``.
    public var kind: ClickKind
    /// −``KeyLayout/maximumPan`` … +``KeyLayout/maximumPan``.
    public var pan: Float

    public init(kind: ClickKind, pan: Float) {
        self.kind = kind
        self.pan = pan
    }

    /// `nil` for a code (an `EV_KEY` code) that is not a keyboard key.
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
