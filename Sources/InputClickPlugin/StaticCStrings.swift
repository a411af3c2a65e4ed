#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// A NUL-terminated copy of a fixed string, made once and never freed, so
/// that a `const char *` result stays valid for the life of the process.
///
/// Thread context: immutable; use it from any thread.
struct StaticCString: @unchecked Sendable {
    /// The C string.
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
///
/// Thread context: any thread.
enum StaticCStrings {
    /// `major.minor.patch`.
    static let version = StaticCString(InputClickVersion.string)

    /// `inputclick_strerror` for each code, indexed by `-code`.
    static let resultSentences: [StaticCString] = (0...9).map { index in
        StaticCString(PluginResult(rawValue: Int32(-index))?.sentence ?? "unknown error code")
    }
    /// `inputclick_strerror` for a code outside the table.
    static let unknownResult = StaticCString("unknown error code")

    /// `inputclick_decision_name`, indexed by decision.
    static let decisionNames = ClickDecision.allCases.map { StaticCString($0.identifier) }
    /// `inputclick_decision_description`, indexed by decision.
    static let decisionDescriptions = ClickDecision.allCases.map { StaticCString($0.description) }
    /// `inputclick_kind_name`, indexed by kind.
    static let kindNames = ClickKind.allCases.map { StaticCString($0.name) }
    /// `inputclick_state_name`, indexed by ``PluginStreamState`` raw value.
    static let stateNames = PluginStreamState.allCases.map { StaticCString($0.name) }

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
