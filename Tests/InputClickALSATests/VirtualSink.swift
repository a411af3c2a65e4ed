import Foundation
import Synchronization
import TestSupport

/// The real-time virtual sink the tests play into: the JACK dummy server of
/// `scripts/virtual-sink.sh`, under ``TestEnvironment/sinkName``.
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

    /// Stops the sink if these tests started it.
    static func stopIfStartedHere() {
        if startedHere.withLock({ $0 }) { stop() }
    }

    /// The JACK ports that exist now, one per line of `jack_lsp`.
    static func ports() -> [String] {
        ChildProcess.run("/usr/bin/jack_lsp", []).standardOutput.split(separator: "\n").map(String.init)
    }
}
