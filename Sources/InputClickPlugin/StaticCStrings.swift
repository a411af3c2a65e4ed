#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// A NUL-terminated copy of a fixed string, made once and never freed, so
/// that a `const char *` result stays valid for the life of the process.
struct StaticCString: @unchecked Sendable {
    let pointer: UnsafePointer<CChar>

    /// Copies `text` into memory that is never freed.
    init(_ text: String) {
        let bytes = Array(text.utf8CString)
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        storage.initialize(from: bytes, count: bytes.count)
        pointer = UnsafePointer(storage)
    }
}

/// Every string the C interface returns as `const char *`: the version, the
/// result sentences, and the names of decisions, kinds and states.
///
/// Each table is built on first use (once, thread-safely) and kept forever.
enum StaticCStrings {
    /// `major.minor.patch`.
    static let version = StaticCString(InputClickVersion.string)

    /// `inputclick_strerror` for each code, indexed by `-code`.
    static let resultSentences = HeaderConstants.table(PluginResult.allCases, code: { -$0.rawValue }, name: \.sentence,
                                                       fallback: "unknown error code")
    /// `inputclick_strerror` for a code outside the table.
    static let unknownResult = StaticCString("unknown error code")

    /// `inputclick_decision_name`, indexed by the decision's C code.
    static let decisionNames = HeaderConstants.table(ClickDecision.allCases, code: HeaderConstants.code(for:),
                                                     name: \.identifier, fallback: "unknown")
    /// `inputclick_decision_description`, indexed by the decision's C code.
    static let decisionDescriptions = HeaderConstants.table(ClickDecision.allCases, code: HeaderConstants.code(for:),
                                                            name: \.description, fallback: "unknown decision")
    /// `inputclick_kind_name`, indexed by the kind's C code.
    static let kindNames = HeaderConstants.table(ClickKind.allCases, code: HeaderConstants.code(for:),
                                                 name: \.name, fallback: "unknown")
    /// `inputclick_state_name`, indexed by the state's C code.
    static let stateNames = HeaderConstants.table(PluginStreamState.allCases, code: \.rawValue, name: \.name,
                                                  fallback: "unknown")

    /// `unknown`, for names of values out of range.
    static let unknown = StaticCString("unknown")
    /// `unknown decision`, for descriptions of values out of range.
    static let unknownDecision = StaticCString("unknown decision")

    /// The entry of `table` at `index`, or `fallback` when `index` is out of range.
    static func lookup(_ table: [StaticCString], _ index: Int32, fallback: StaticCString) -> UnsafePointer<CChar> {
        guard index >= 0, Int(index) < table.count else { return fallback.pointer }
        return table[Int(index)].pointer
    }
}
