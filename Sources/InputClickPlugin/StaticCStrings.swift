#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// A NUL-terminated copy never freed, so a `const char *` result stays valid for the process.
struct StaticCString: @unchecked Sendable {
    let pointer: UnsafePointer<CChar>

    init(_ text: String) {
        let bytes = Array(text.utf8CString)
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        storage.initialize(from: bytes, count: bytes.count)
        pointer = UnsafePointer(storage)
    }
}

/// Every `const char *` the C interface returns; each table built once on first use.
enum StaticCStrings {
    static let version = StaticCString(InputClickVersion.string)

    /// Indexed by `-code`.
    static let resultSentences = HeaderConstants.table(PluginResult.allCases, code: { -$0.rawValue }, name: \.sentence,
                                                       fallback: "unknown error code")
    /// For a code outside the table.
    static let unknownResult = StaticCString("unknown error code")

    /// Indexed by the decision's C code.
    static let decisionNames = HeaderConstants.table(ClickDecision.allCases, code: HeaderConstants.code(for:),
                                                     name: \.identifier, fallback: "unknown")
    /// Indexed by the decision's C code.
    static let decisionDescriptions = HeaderConstants.table(ClickDecision.allCases, code: HeaderConstants.code(for:),
                                                            name: \.description, fallback: "unknown decision")
    /// Indexed by the kind's C code.
    static let kindNames = HeaderConstants.table(ClickKind.allCases, code: HeaderConstants.code(for:),
                                                 name: \.name, fallback: "unknown")
    /// Indexed by the state's C code.
    static let stateNames = HeaderConstants.table(PluginStreamState.allCases, code: \.rawValue, name: \.name,
                                                  fallback: "unknown")

    /// For names of values out of range.
    static let unknown = StaticCString("unknown")
    /// For descriptions of values out of range.
    static let unknownDecision = StaticCString("unknown decision")

    /// `fallback` when `index` is out of range.
    static func lookup(_ table: [StaticCString], _ index: Int32, fallback: StaticCString) -> UnsafePointer<CChar> {
        guard index >= 0, Int(index) < table.count else { return fallback.pointer }
        return table[Int(index)].pointer
    }
}
