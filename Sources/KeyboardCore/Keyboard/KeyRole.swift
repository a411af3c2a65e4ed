import InputClick

/// What a key of the demo keyboard is, independent of its label: scripts and
/// front ends name keys by role.
public enum KeyRole: Sendable, Hashable, CustomStringConvertible {
    /// A key that types text; the payload is its base text (lowercase for
    /// letters, ASCII for punctuation). Shift and the Chinese punctuation mode
    /// change what it types (``KeyboardState/text(for:)``).
    case character(String)
    /// Shift (`cp` in the seed): one tap for one capital, a double tap for caps lock.
    case shift
    /// Delete (`dp` in the seed): removes one grapheme; repeats while held.
    case delete
    case space
    /// The return key, labelled by the return key type.
    case `return`
    /// `next`: advances to the host's next enabled keyboard.
    case nextKeyboard
    /// `ch/en`: toggles the Chinese punctuation mode.
    case languageToggle
    /// A page key: `123`, `ABC` or `#+=`.
    case page(KeyboardPage)

    /// The click a tap plays: ``ClickKind/key`` for character keys,
    /// ``ClickKind/delete``, ``ClickKind/space`` and ``ClickKind/return`` for
    /// those keys, and ``ClickKind/modifier`` for shift, page keys, next and ch/en.
    public var clickKind: ClickKind {
        switch self {
        case .character: return .key
        case .delete: return .delete
        case .space: return .space
        case .return: return .return
        case .shift, .nextKeyboard, .languageToggle, .page: return .modifier
        }
    }

    /// Whether holding the key repeats it: only delete does.
    public var repeatsWhenHeld: Bool { self == .delete }

    /// A short name for logs and messages: the base text of a character key,
    /// otherwise `shift`, `delete`, `space`, `return`, `next`, `ch/en`, `123`, `ABC` or `#+=`.
    public var description: String {
        switch self {
        case .character(let text): return text
        case .shift: return "shift"
        case .delete: return "delete"
        case .space: return "space"
        case .return: return "return"
        case .nextKeyboard: return "next"
        case .languageToggle: return "ch/en"
        case .page(let page): return page.switchKeyLabel
        }
    }
}
