// The probe scripts/sanitizers.sh runs under ThreadSanitizer to check its
// premise and its fix (tsan-mutex.c) on the toolchain at hand:
//
//   tsan-mutex-probe mutex   four threads add to a counter inside
//                            Mutex.withLock; the total comes out exact, so
//                            any race TSan reports is a false one.
//   tsan-mutex-probe race    the same without the lock: a real race, which
//                            TSan must still report with tsan-mutex.c loaded.
//
// Plain threads, all started before any is joined: nothing orders one
// thread's increments before another's, so TSan sees the race in `race`
// however the threads happen to be scheduled.
import Glibc
import Synchronization

final class Counters: @unchecked Sendable {
    let locked = Mutex(0)
    var unlocked = 0
}

let iterations = 20_000
let threadCount = 4
let counters = Counters()
let locking: Bool
switch CommandLine.arguments.dropFirst().first {
case "mutex": locking = true
case "race": locking = false
default: fatalError("usage: tsan-mutex-probe mutex|race")
}

var threads = [pthread_t](repeating: pthread_t(), count: threadCount)
for index in 0..<threadCount {
    let body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _ in
        for _ in 0..<iterations {
            if locking { counters.locked.withLock { $0 += 1 } } else { counters.unlocked += 1 }
        }
        return nil
    }
    guard pthread_create(&threads[index], nil, body, nil) == 0 else { fatalError("pthread_create failed") }
}
for thread in threads { pthread_join(thread, nil) }

if locking {
    let total = counters.locked.withLock { $0 }
    print("tsan-mutex-probe: Mutex total \(total) of \(threadCount * iterations)")
    if total != threadCount * iterations { fatalError("the Mutex lost increments") }
} else {
    print("tsan-mutex-probe: unlocked total \(counters.unlocked)")
}
