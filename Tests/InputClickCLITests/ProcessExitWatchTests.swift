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
        let watch = ProcessExitWatch(thread: waiting.thread)
        // Blocked on the semaphore, it cannot have ended: the wait runs out.
        #expect(!watch.wait(untilUptimeNanoseconds: DispatchTime.now().uptimeNanoseconds + 100_000_000))
        waiting.release.signal()
        #expect(watch.wait(untilUptimeNanoseconds: DispatchTime.now().uptimeNanoseconds + 10_000_000_000))
        pthread_join(handle, nil)
    }
}

/// A thread's TID, and what it waits on before it returns.
private final class WaitingThread: @unchecked Sendable {
    var thread: Int32 = 0
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
}
