import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Kills a `tap` the test drives through pipes (SIGKILL) if it still runs after `seconds`, so a hung child
/// fails its test instead of hanging the run. The watch runs on a thread of its own: a dispatch pool whose
/// threads block in pipe reads never ran an `asyncAfter` watchdog. Also makes writes into a pipe whose reader
/// died fail with EPIPE instead of killing the whole test process (SIGPIPE ignored).
final class ProcessWatchdog: Sendable {
    private let done = DispatchSemaphore(value: 0)

    init(_ process: Process, seconds: Int) {
        signal(SIGPIPE, SIG_IGN)
        let pid = process.processIdentifier, done = self.done
        Thread.detachNewThread {
            if done.wait(timeout: .now() + .seconds(seconds)) == .timedOut { kill(pid, SIGKILL) }
        }
    }

    func cancel() { done.signal() }
}
