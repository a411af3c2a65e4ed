import InputClick

/// What a key of the demo keyboard is, independent of its label: scripts and
/// front ends name keys by role.
public enum KeyRole: Sendable, Hashable, CustomStringConvertible {
    /// Types text; the payload is its base text (lowercase letters, ASCII punctuation).
    case character(String)
    /// `cp` in the seed: one tap for one capital, a double tap for caps lock.
    case shift
    /// `dp` in the seed: removes one grapheme; repeats while held.
    case delete
    case space
    /// Labelled by the return key type.
    case `return`
    case nextKeyboard
    case languageToggle
    /// `123`, `ABC` or `#+=`.
    case page(KeyboardPage)

    /// ``ClickKind/modifier`` for shift, page keys, next and ch/en; the key's own kind otherwise.
    public var clickKind: ClickKind {
        switch self {
        case .character: return .key
        case .delete: return .delete
        case .space: return .space
        case .return: return .return
        case .shift, .nextKeyboard, .languageToggle, .page: return .modifier
        }
    }

    /// Only delete does.
    public var repeatsWhenHeld: Bool { self == .delete }

    /// A character key's base text, otherwise its label (`next`, `ch/en`, `123`, …).
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
