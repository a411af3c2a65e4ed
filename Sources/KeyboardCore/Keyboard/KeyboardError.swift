/// A key tap the demo keyboard cannot carry out.
public enum KeyboardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key is not on the page shown now.
    case keyNotOnPage(KeyRole, page: KeyboardPage, keyboardType: KeyboardType)

    /// A sentence naming the key and the page.
    public var description: String {
        switch self {
        case let .keyNotOnPage(key, page, type):
            return "the key '\(key)' is not on the \(page.rawValue) page of the \(type) keyboard"
        }
    }
}
