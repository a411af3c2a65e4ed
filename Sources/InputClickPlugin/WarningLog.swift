import CInputClick
import InputClick
import Synchronization

/// A context's log: keeps the most recent warning for `inputclick_last_warning` and sends
/// each message to the host's log callback, or else writes warnings and notes to standard
/// error when asked to (dropping alsa-lib's messages). Not for the render thread; callback
/// calls never overlap (each holds this log's lock).
final class WarningLog: Sendable {
    /// `inputclick_log_callback` and its user data.
    struct Callback: @unchecked Sendable {
        // @unchecked: a C function pointer and the host's pointer, which the
        // header's contract makes safe to use from the threads it names.
        let function: inputclick_log_callback
        let userdata: UnsafeMutableRawPointer?
    }

    private let last = Mutex<String>("")
    /// `nil` without a callback, and once ``close()`` has run.
    private let callback: Mutex<Callback?>
    private let hasCallback: Bool
    private let toStandardError: Bool

    /// Without `callback`, writes `inputclick: warning: …` lines to stderr when `toStandardError`.
    init(callback: Callback?, toStandardError: Bool) {
        self.callback = Mutex(callback)
        hasCallback = callback != nil
        self.toStandardError = toStandardError
    }

    /// `INPUTCLICK_LOG_WARNING`.
    func record(_ text: String) {
        last.withLock { $0 = text }
        log(Int32(INPUTCLICK_LOG_WARNING), text)
    }

    /// News that a fault ended, replacing the warning it ends (`INPUTCLICK_LOG_INFO`).
    func note(_ text: String) {
        last.withLock { $0 = text }
        log(Int32(INPUTCLICK_LOG_INFO), text)
    }

    /// `INPUTCLICK_LOG_DEBUG`; dropped without a callback (the episode's warning says enough).
    func libraryMessage(_ line: String) {
        guard hasCallback else { return }
        log(Int32(INPUTCLICK_LOG_DEBUG), line)
    }

    /// Returns once a call under way has returned.
    func close() {
        callback.withLock { $0 = nil }
    }

    /// Empty when there was none.
    var mostRecent: String { last.withLock { $0 } }

    private func log(_ level: Int32, _ text: String) {
        guard hasCallback else {
            if toStandardError { ClickPlayerConfiguration.standardErrorWarning(text) }
            return
        }
        callback.withLock { callback in
            guard let callback else { return }
            text.withCString { callback.function(level, $0, callback.userdata) }
        }
    }
}
