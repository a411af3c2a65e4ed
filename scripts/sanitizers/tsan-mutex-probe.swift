// The probe scripts/sanitizers.sh runs under ThreadSanitizer to check its
// premise and its fix (tsan-mutex.c) on the toolchain at hand:
//
//   tsan-mutex-probe mutex   four threads add to a counter inside
//                            Mutex.withLock; the total comes out exact, so
//                            any race TSan reports is a false one.
//   tsan-mutex-probe race    the same without the lock: a real race, which
//                            TSan must still report with tsan-mutex.c loaded.
import Dispatch
import Synchronization

final class Counters: @unchecked Sendable {
    let locked = Mutex(0)
    var unlocked = 0
}

let iterations = 20_000
let counters = Counters()
switch CommandLine.arguments.dropFirst().first {
case "mutex":
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
        for _ in 0..<iterations { counters.locked.withLock { $0 += 1 } }
    }
    let total = counters.locked.withLock { $0 }
    print("tsan-mutex-probe: Mutex total \(total) of \(4 * iterations)")
    if total != 4 * iterations { fatalError("the Mutex lost increments") }
case "race":
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
        for _ in 0..<iterations { counters.unlocked += 1 }
    }
    print("tsan-mutex-probe: unlocked total \(counters.unlocked)")
default:
    fatalError("usage: tsan-mutex-probe mutex|race")
}
