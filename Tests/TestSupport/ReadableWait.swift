import Foundation

/// Blocks in `poll` until `descriptor` is readable (or hung up) or `deadline` passes; whether it became
/// readable. Retries EINTR.
///
/// - Precondition: `poll` succeeds otherwise, and `descriptor` is open: a wait that cannot block must stop
///   the run with the reason, not let its caller spin to the deadline.
func waitUntilReadable(_ descriptor: Int32, until deadline: TestDeadline) -> Bool {
    while true {
        let milliseconds = deadline.millisecondsLeft
        guard milliseconds > 0 else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, milliseconds)
        let failure = errno
        precondition(ready >= 0 || failure == EINTR,
                     "poll on descriptor \(descriptor) failed: \(String(cString: strerror(failure))) (errno \(failure))")
        precondition(entry.revents & Int16(POLLNVAL) == 0, "poll: descriptor \(descriptor) is not open (POLLNVAL)")
        if ready > 0 { return true }
    }
}
