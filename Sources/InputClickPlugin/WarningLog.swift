import CInputClick
import InputClick
import Synchronization

/// A context's log: keeps its most recent warning for
/// `inputclick_last_warning`, and sends each message to the host's log
/// callback (`inputclick_options_set_log_callback`), or else writes each
/// warning and note to standard error when asked to and drops alsa-lib's messages.
///
/// Thread context: every member from any thread but the render thread;
/// ``record(_:)`` is called on the player's control queue and the settings
/// watcher's thread, ``libraryMessage(_:)`` wherever the context calls alsa-lib.
/// Calls of the callback never overlap: each holds this log's lock.
final class WarningLog: Sendable {
    /// The host's `inputclick_log_callback` and its user data.
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

    /// Creates a log that sends every message to `callback` or, without one,
    /// writes `inputclick: warning: …` lines to stderr when `toStandardError`.
    init(callback: Callback?, toStandardError: Bool) {
        self.callback = Mutex(callback)
        hasCallback = callback != nil
        self.toStandardError = toStandardError
    }

    /// Keeps `text` as the most recent warning and logs it (`INPUTCLICK_LOG_WARNING`).
    func record(_ text: String) {
        last.withLock { $0 = text }
        log(Int32(INPUTCLICK_LOG_WARNING), text)
    }

    /// Keeps `text`, news that a fault ended, as the most recent warning (so
    /// it replaces the warning it ends) and logs it (`INPUTCLICK_LOG_INFO`).
    func note(_ text: String) {
        last.withLock { $0 = text }
        log(Int32(INPUTCLICK_LOG_INFO), text)
    }

    /// Passes one of alsa-lib's messages to the callback
    /// (`INPUTCLICK_LOG_DEBUG`); without one it is dropped, since the
    /// warning of its episode says what went wrong.
    func libraryMessage(_ line: String) {
        guard hasCallback else { return }
        log(Int32(INPUTCLICK_LOG_DEBUG), line)
    }

    /// Calls the callback no more; returns once a call under way has returned.
    func close() {
        callback.withLock { $0 = nil }
    }

    /// The most recent warning; empty when there was none.
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
