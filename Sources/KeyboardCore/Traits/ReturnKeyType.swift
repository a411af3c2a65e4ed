/// What the return key says and does, the counterpart of `UIReturnKeyType`. In a
/// ``TextField`` return asks the delegate and reports the action
/// (``TextEditOutcome/returnAction(_:accepted:)``); in a ``TextView`` it inserts a line break.
public enum ReturnKeyType: String, Sendable, Hashable, CaseIterable {
    case `default`
    case go
    case search
    case send
    case done

    public var label: String {
        switch self {
        case .default: return "return"
        case .go: return "Go"
        case .search: return "Search"
        case .send: return "Send"
        case .done: return "Done"
        }
    }
}
