import Dispatch
import Foundation

/// Blocks in `poll` until `descriptor` is readable (or hung up) or `deadline` (`DispatchTime`'s uptime, in
/// nanoseconds) passes; whether it became readable. Retries EINTR.
///
/// - Precondition: `poll` succeeds otherwise, and `descriptor` is open: a wait that cannot block must stop
///   the run with the reason, not let its caller spin to the deadline.
func waitUntilReadable(_ descriptor: Int32, untilUptimeNanoseconds deadline: UInt64) -> Bool {
    while true {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now < deadline else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
        let ready = poll(&entry, 1, milliseconds)
        let failure = errno
        precondition(ready >= 0 || failure == EINTR,
                     "poll on descriptor \(descriptor) failed: \(String(cString: strerror(failure))) (errno \(failure))")
        precondition(entry.revents & Int16(POLLNVAL) == 0, "poll: descriptor \(descriptor) is not open (POLLNVAL)")
        if ready > 0 { return true }
    }
}

/// The uptime deadline (for ``waitUntilReadable(_:untilUptimeNanoseconds:)``) `seconds` from now.
func uptimeDeadline(after seconds: Double) -> UInt64 {
    DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, seconds) * 1e9)
}
