import InputClick

/// Polls, every 2 ms, a state outside this process that offers no notification (a thread list in `/proc`, a sound server seen through its client tool, a file another process writes) until `condition` holds or `seconds` pass; returns whether it held.
public func pollExternalState(seconds: Double, _ condition: () -> Bool) -> Bool {
    // Real time is the point: the state moves in other processes.
    let clock = ClickClock.monotonic
    let deadline = clock.now() &+ UInt64(max(0, seconds) * 1e9)
    while clock.now() < deadline {
        if condition() { return true }
        clock.sleep(untilNanoseconds: clock.now() &+ 2_000_000)
    }
    return condition()
}
