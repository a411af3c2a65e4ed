import InputClick

/// Taps `events` in real time: each at its `time` (nanoseconds from the
/// first) on the monotonic clock, from 20 ms from now, as `type` and
/// `listen --replay` play a typing run. After a stall (a busy machine) it
/// keeps the rhythm from there on rather than catch up with taps back to
/// back, which no typist makes.
func replayInRealTime<Events: Sequence>(_ events: Events, time: (Events.Element) -> UInt64,
                                        tap: (Events.Element) -> Void) {
    let clock = ClickClock.monotonic
    var start = clock.now() + 20_000_000
    for event in events {
        let due = start + time(event)
        let now = clock.now()
        if now > due + 5_000_000 { start += now - due } else { clock.sleep(untilNanoseconds: due) }
        tap(event)
    }
}
