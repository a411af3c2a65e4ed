/// The kind of key tapped, which chooses the sound: characters play ``key``, delete ``delete``, shift, 123,
/// next and ch/en ``modifier``, space ``space``, return ``return``.
public enum ClickKind: UInt8, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible, BitwiseCopyable {
    case key = 0
    case delete = 1
    case modifier = 2
    case space = 3
    case `return` = 4

    /// Sound banks and rate limiters keep one slot per kind.
    public static let count = 5

    /// The name used in file names, settings and the CLI (`key`, `delete`, …).
    public var name: String {
        switch self {
        case .key: return "key"
        case .delete: return "delete"
        case .modifier: return "modifier"
        case .space: return "space"
        case .return: return "return"
        }
    }

    public init?(name: String) {
        guard let kind = ClickKind.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    public var description: String { name }
}
