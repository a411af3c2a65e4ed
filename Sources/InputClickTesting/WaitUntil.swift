import InputClick

/// Waits until `condition` holds or `seconds` pass, checking every 2 ms;
/// returns whether it held. Only for conditions nothing signals (a watched
/// directory moving, a thread's or a sound server's state seen through
/// `/proc` or a client); the rest have blocking waits that need no polling:
/// a player's state ``ClickPlayer/waitUntil(_:timeout:)``, what its render
/// thread does ``ClickPlayer/waitForRenderProgress(timeout:until:)``, work
/// given to a manual clock ``ManualControlScheduler/waitUntilPending(timeoutNanoseconds:)``.
///
/// Deadlines here are generous on purpose: a loaded 2-core machine may take
/// long, and a test that waits only fails when the condition never holds.
///
/// Blocks up to `seconds`.
public func waitUntil(seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = MonotonicClock.now() &+ UInt64(max(0, seconds) * 1e9)
    while MonotonicClock.now() < deadline {
        if condition() { return true }
        MonotonicClock.sleep(untilNanoseconds: MonotonicClock.now() &+ 2_000_000)
    }
    return condition()
}
