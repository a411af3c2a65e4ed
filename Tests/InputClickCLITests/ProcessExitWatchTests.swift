import Foundation
import TestSupport
import Testing

/// The pidfd watch the tests wait on for a process or a thread to end.
@Suite("Watching a process or a thread end")
struct ProcessExitWatchTests {
    @Test("a thread's watch says it ended once it has, and not while it waits")
    func aThreadsWatchSeesItEnd() throws {
        let waiting = WaitingThread()
        let context = Unmanaged.passRetained(waiting).toOpaque()
        var handle = pthread_t()
        try #require(pthread_create(&handle, nil, { raw in
            let waiting = Unmanaged<WaitingThread>.fromOpaque(raw!).takeRetainedValue()
            // "PID/task/TID"
            let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
            waiting.thread = Int32(link.split(separator: "/").last ?? "") ?? 0
            waiting.started.signal()
            waiting.release.wait()
            return nil
        }, context) == 0)
        waiting.started.wait()
        try #require(waiting.thread > 0)
        let watch = try #require(ProcessExitWatch(thread: waiting.thread),
                                 "no pidfd for thread \(waiting.thread): thread pidfds need Linux 6.9 and glibc 2.36")
        // Blocked on the semaphore, it cannot have ended: the wait runs out.
        #expect(!watch.wait(until: TestDeadline(seconds: 0.1)))
        waiting.release.signal()
        #expect(watch.wait(until: TestDeadline(seconds: 10)))
        pthread_join(handle, nil)
    }

    @Test("a thread's watch that cannot open its pidfd is nil, and does not stop the run")
    func aThreadsWatchWithoutAPidfdIsNil() async {
        await #expect(processExitsWith: .success) {
            guard openNoMoreDescriptors() else { exit(2) }
            exit(ProcessExitWatch(thread: getpid()) == nil ? 0 : 1) // the main thread's TID is the PID
        }
    }

    @Test("a process's watch that cannot open its pidfd stops the run instead of letting the wait spin")
    func aProcessWatchWithoutAPidfdStopsTheRun() async {
        await #expect(processExitsWith: .failure) {
            guard openNoMoreDescriptors() else { exit(0) }
            // Without a pidfd, the wait would return at once, and a reap would spin on waitpid.
            ProcessExitWatch(pid: getpid()).wait(until: TestDeadline(seconds: 0.001))
            exit(0)
        }
    }
}

/// Lowers this process's descriptor limit to 0, so that `pidfd_open` fails with EMFILE; whether it could.
/// For exit tests only: the process cannot open anything after.
private func openNoMoreDescriptors() -> Bool {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = 0
    return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0
}

/// A thread's TID, and what it waits on before it returns.
private final class WaitingThread: @unchecked Sendable {
    var thread: Int32 = 0
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
}
