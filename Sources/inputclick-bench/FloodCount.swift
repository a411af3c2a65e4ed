import InputClick
#if canImport(Glibc)
import Glibc
#endif

/// `inputclick-bench --flood N`: N taps through the gate as fast as one
/// thread can make them, with the stream open, and the decisions counted by
/// reason. The gate's rate limit is on, as for a real keyboard, so most taps
/// are `rate-limited`; with `--unlimited` it is off and the click queue
/// fills (`queue-full`). Prints the counts, the taps per second, and what
/// the player counted.
func runFlood(gate: InputClickGate, player: ClickPlayer, taps: Int, json: Bool) -> Int32 {
    var counts = [Int](repeating: 0, count: ClickDecision.allCases.count)
    let kinds = ClickKind.allCases
    // Wall time: how fast the taps were made.
    let wall = ClickClock.monotonic
    let started = wall.now()
    for i in 0..<taps {
        counts[Int(gate.playInputClick(kinds[i % kinds.count]).rawValue)] += 1
    }
    let seconds = Double(wall.now() - started) / 1e9
    // Let what was queued play out, so the statistics count it.
    player.drain(timeout: .seconds(4))
    let statistics = player.statistics
    let byReason = ClickDecision.allCases.filter { counts[Int($0.rawValue)] > 0 }
    if json {
        struct FloodReport: Encodable {
            var taps: Int
            var seconds: Double
            var decisions: [String: Int]
            var queueFullClicks, latencyRecords, latencyCapacity: Int
        }
        let decisions = Dictionary(uniqueKeysWithValues: byReason.map { ($0.identifier, counts[Int($0.rawValue)]) })
        print(jsonLine(FloodReport(taps: taps, seconds: seconds, decisions: decisions, queueFullClicks: statistics.queueFullClicks,
                                   latencyRecords: player.latency.count, latencyCapacity: player.latency.capacity)))
    } else {
        print("inputclick-bench --flood: \(taps) taps in " + String(format: "%.2f s (%.0f taps/s)", seconds, Double(taps) / seconds))
        for decision in byReason {
            print("  \(decision.identifier): \(counts[Int(decision.rawValue)])")
        }
        print("player: \(statistics.queueFullClicks) refused as queue-full; latency statistics hold the last "
            + "\(player.latency.count) of the clicks played (a ring of \(player.latency.capacity))")
    }
    return counts[Int(ClickDecision.plays.rawValue)] > 0 ? 0 : 1
}
