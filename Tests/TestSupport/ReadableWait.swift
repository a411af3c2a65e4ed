import Dispatch
import Foundation

/// Blocks in `poll` until `descriptor` is readable (or hung up) or `deadline` (`DispatchTime`'s uptime, in
/// nanoseconds) passes; whether it became readable. Retries EINTR; any other failure of `poll` counts as
/// readable, so that the caller looks at the descriptor and sees why, instead of waiting out the deadline.
func waitUntilReadable(_ descriptor: Int32, untilUptimeNanoseconds deadline: UInt64) -> Bool {
    while true {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now < deadline else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
        let ready = poll(&entry, 1, milliseconds)
        if ready > 0 || (ready < 0 && errno != EINTR) { return true }
    }
}

/// The uptime deadline (for ``waitUntilReadable(_:untilUptimeNanoseconds:)``) `seconds` from now.
func uptimeDeadline(after seconds: Double) -> UInt64 {
    DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, seconds) * 1e9)
}
