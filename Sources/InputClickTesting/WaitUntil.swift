import InputClick

/// Waits until `condition` holds or `seconds` pass, checking every 2 ms;
/// returns whether it held. For conditions nothing signals (a file watcher's
/// report, a child process's output); a player's state has
/// ``ClickPlayer/waitUntil(_:timeout:)``, which needs no polling.
///
/// Deadlines here are generous on purpose: a loaded 2-core machine may take
/// long, and a test that waits only fails when the condition never holds.
///
/// Thread context: any thread; blocks up to `seconds`.
public func waitUntil(seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = MonotonicClock.now() &+ UInt64(max(0, seconds) * 1e9)
    while MonotonicClock.now() < deadline {
        if condition() { return true }
        MonotonicClock.sleep(untilNanoseconds: MonotonicClock.now() &+ 2_000_000)
    }
    return condition()
}
