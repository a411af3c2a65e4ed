import InputClick
#if canImport(Glibc)
import Glibc
#endif

/// `inputclick-bench --wakeup`: what waking the render thread costs the
/// caller of `playInputClick`, measured on ``RenderWakeup`` itself with no
/// device. Two cases: the render thread awake (the signal is one atomic
/// load) and asleep (an atomic exchange and one non-blocking `write(2)` to
/// the eventfd). Prints the median and 99th percentile per call.
func runWakeupCost(calls: Int, json: Bool) -> Never {
    guard let wakeup = try? RenderWakeup() else { fail("cannot create an eventfd") }
    var results: [(name: String, p50: Double, p99: Double)] = []
    for asleep in [false, true] {
        var times = [UInt64](repeating: 0, count: calls)
        for i in 0..<calls {
            if asleep { wakeup.prepareToSleep() }
            let start = ClickClock.monotonic.now()
            wakeup.signal()
            times[i] = ClickClock.monotonic.now() - start
            if asleep { wakeup.finishSleeping() }
        }
        times.sort()
        results.append((asleep ? "asleep" : "awake", Double(times[calls / 2]), Double(times[min(calls - 1, calls * 99 / 100)])))
    }
    if json {
        struct WakeupReport: Encodable {
            var calls: Int
            var awake, asleep: CostReport
        }
        let costs = Dictionary(uniqueKeysWithValues: results.map { ($0.name, CostReport(p50Nanoseconds: Int($0.p50), p99Nanoseconds: Int($0.p99))) })
        print(jsonLine(WakeupReport(calls: calls, awake: costs["awake"]!, asleep: costs["asleep"]!)))
    } else {
        print("inputclick-bench --wakeup: the caller's cost of waking the render thread, \(calls) calls each")
        for r in results {
            print("render thread \(r.name): " + String(format: "p50 %.0f ns, p99 %.0f ns", r.p50, r.p99))
        }
        print("awake: one atomic load; asleep: an atomic exchange and a non-blocking write to an eventfd")
    }
    exit(0)
}
