import Foundation
import TestSupport

/// The events of a rig's PulseAudio server, from `pactl subscribe` (a line per event: "Event 'remove' on
/// sink-input #12"), so that tests wait on the server's streams coming and going instead of polling them.
///
/// `pactl subscribe` cannot say when its subscription is live, so `init` makes an event of its own: it
/// runs `pactl info` (a client connecting and leaving are events) until a line arrives, waiting up to
/// 0.5 s for one after each run. From then on no change of the server goes unseen.
final class PulseAudioEvents {
    private let monitor: RunningChild

    /// Subscribes to the events of `rig`'s server.
    /// - Throws: ``PulseAudioRig/RigError`` if `pactl subscribe` does not start or prints nothing within 10 s.
    init(_ rig: PulseAudioRig) throws {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in rig.sink.environment() { environment[key] = value }
        environment["LC_ALL"] = "C"   // the lines untranslated
        do {
            monitor = try RunningChild("/usr/bin/pactl", ["subscribe"], environment: environment)
        } catch {
            throw PulseAudioRig.RigError(message: "pactl subscribe did not start: \(error)")
        }
        let deadline = TestDeadline(seconds: 10)
        while true {
            _ = rig.pactl(["info"])
            if monitor.nextLine(until: min(deadline, TestDeadline(seconds: 0.5))) != nil { break }
            if monitor.outputEnded {
                throw PulseAudioRig.RigError(message: "pactl subscribe ended before printing an event")
            }
            if deadline.hasPassed {
                throw PulseAudioRig.RigError(message: "pactl subscribe printed no event within 10 s")
            }
        }
    }

    deinit { monitor.stop() }

    /// Checks `condition`, and again after each event on `facility` ("sink-input", "source-output"; the
    /// clients the checks' own `pactl` runs make are not looked at), until it holds or `seconds` pass;
    /// whether it held. A check after the deadline (or after `pactl subscribe` ended) has the last word.
    func waitUntil(_ facility: String, seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = TestDeadline(seconds: seconds)
        if condition() { return true }
        while let line = monitor.nextLine(until: deadline) {
            if line.contains(" on \(facility) #") && condition() { return true }
        }
        return condition()
    }
}
