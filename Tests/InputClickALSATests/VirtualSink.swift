import Foundation
import Synchronization
import TestSupport

/// The real-time virtual sink the tests play into: the JACK dummy server of
/// `scripts/virtual-sink.sh`, under ``TestEnvironment/sinkName``; or, with
/// `INPUTCLICK_SINK_SERVER=pipewire` (and the test command's `ALSA_CONFIG_PATH`
/// from `scripts/pipewire-sink.sh env`), a private headless PipeWire.
///
/// With `INPUTCLICK_SINK_NAME` given, the sink is the test command's: the
/// tests use it (starting it if needed), restart it after stopping it, and
/// leave it running. Otherwise the sink is private to this process: the
/// script stops it when the process exits, and the tests stop it at the end
/// of ``ThroughTheVirtualSink``.
enum VirtualSink {
    /// The ALSA PCM that plays into the sink.
    static let device = "inputclick_sink"

    /// The PCM that plays into the sink and saves every frame to `path` as WAV.
    static func captureDevice(_ path: String) -> String { "inputclick_capture:FILE=\(path)" }

    private static let startedHere = Mutex(false)

    /// Runs the script with `arguments`; returns its exit status and output.
    @discardableResult
    static func script(_ arguments: [String]) -> ChildRun {
        TestEnvironment.prepare()
        let path = TestEnvironment.repositoryRoot.appendingPathComponent("scripts/virtual-sink.sh").path
        return ChildProcess.run(path, arguments)
    }

    /// Whether the sink runs and answers.
    static var isRunning: Bool { script(["status"]).status == 0 }

    /// Starts the sink unless it runs; returns the script's output on failure.
    static func start() -> String? {
        if isRunning { return nil }
        let owned = TestEnvironment.givenSinkName == nil
        let result = script(owned ? ["start", "--watch-pid", "\(getpid())"] : ["start"])
        guard result.status == 0 else { return result.output }
        if owned { startedHere.withLock { $0 = true } }
        return nil
    }

    /// Stops the sink (for the recovery and no-device tests).
    static func stop() {
        script(["stop"])
    }

    /// Kills the sink's server with SIGKILL, as a crash would (PipeWire's
    /// helpers are then stopped too, so that a start brings up a whole sink).
    /// Returns when the signal was sent (finding the PID takes a script run first).
    @discardableResult
    static func kill() -> Date {
        guard let pid = serverPID() else { return Date() }
        _ = Glibc.kill(pid, SIGKILL)
        let killedAt = Date()
        if isPipeWire { stop() }
        return killedAt
    }

    /// The PID of the sink's server (jackd, or the pipewire daemon), from the script's status.
    static func serverPID() -> pid_t? {
        let status = script(["status"]).standardOutput
        let pattern = isPipeWire ? "pipewire pid " : "(pid "
        guard let range = status.range(of: pattern) else { return nil }
        return Int32(status[range.upperBound...].prefix { $0.isNumber })
    }

    /// Stops the sink if these tests started it.
    static func stopIfStartedHere() {
        if startedHere.withLock({ $0 }) { stop() }
    }

    /// Whether the sink is PipeWire rather than JACK.
    static let isPipeWire = ProcessInfo.processInfo.environment["INPUTCLICK_SINK_SERVER"] == "pipewire"

    /// The sink's own ports and those of its clients: on JACK, one per line
    /// of `jack_lsp`; on PipeWire, the sink's node and one entry per playback
    /// stream node, from `pw-dump`.
    static func ports() -> [String] {
        guard isPipeWire else {
            return ChildProcess.run("/usr/bin/jack_lsp", []).standardOutput.split(separator: "\n").map(String.init)
        }
        let dump = ChildProcess.run("/usr/bin/pw-dump", []).standardOutput
        guard let objects = try? JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [[String: Any]] else { return [] }
        return objects.compactMap { object in
            guard let info = object["info"] as? [String: Any], let props = info["props"] as? [String: Any],
                  let mediaClass = props["media.class"] as? String else { return nil }
            if mediaClass == "Audio/Sink" { return "system:\(props["node.name"] as? String ?? "sink")" }
            guard mediaClass == "Stream/Output/Audio" else { return nil }
            return "stream:\(props["node.name"] as? String ?? "?"):\(object["id"] as? Int ?? 0)"
        }
    }
}
