/// The kind of key that was tapped, which chooses the click sound.
///
/// The kinds follow the demo keyboard's keys: letters, digits and symbols
/// play ``key``; delete plays ``delete``; shift, 123, next and ch/en play
/// ``modifier``; space plays ``space``; return plays ``return``.
public enum ClickKind: UInt8, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible, BitwiseCopyable {
    /// A character key: a letter, a digit or a symbol.
    case key = 0
    /// The delete (backspace) key.
    case delete = 1
    /// A modifier or mode key: shift, 123, next keyboard, ch/en.
    case modifier = 2
    case space = 3
    case `return` = 4

    /// The number of kinds; sound banks and rate limiters keep one slot per kind.
    public static let count = 5

    /// The kind's name as used in file names, settings and the CLI (`key`, `delete`, …).
    public var name: String {
        switch self {
        case .key: return "key"
        case .delete: return "delete"
        case .modifier: return "modifier"
        case .space: return "space"
        case .return: return "return"
        }
    }

    /// Parses a kind from its ``name``; returns `nil` for anything else.
    public init?(name: String) {
        guard let kind = ClickKind.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    public var description: String { name }
}
