#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// Keeps a context's most recent warning for `inputclick_last_warning`, and
/// optionally writes each one to standard error.
///
/// Thread context: every member from any thread; ``record(_:)`` is called on
/// the player's control queue and the settings watcher's thread.
final class WarningLog: Sendable {
    private let last = Mutex<String>("")
    private let toStandardError: Bool

    /// Creates a log; `toStandardError` also writes `inputclick: warning: …` lines to stderr.
    init(toStandardError: Bool) {
        self.toStandardError = toStandardError
    }

    /// Keeps `text` as the most recent warning.
    func record(_ text: String) {
        last.withLock { $0 = text }
        if toStandardError {
            let line = "inputclick: warning: \(text)\n"
            line.withCString { _ = write(2, $0, strlen($0)) }
        }
    }

    /// The most recent warning; empty when there was none.
    var mostRecent: String { last.withLock { $0 } }
}
