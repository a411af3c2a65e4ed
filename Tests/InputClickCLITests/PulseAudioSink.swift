import Foundation
import TestSupport

/// A real PulseAudio 16 with a timer-driven null sink for CLI tests:
/// `scripts/pulseaudio-sink.sh`, under a name private to this test process,
/// or the test command's when `INPUTCLICK_PULSEAUDIO_SINK` names one
/// (`scripts/test-pulseaudio.sh` starts it and stops it).
struct PulseAudioSink {
    /// The sink these tests play into.
    static let shared: PulseAudioSink = {
        if let given = ProcessInfo.processInfo.environment["INPUTCLICK_PULSEAUDIO_SINK"], !given.isEmpty {
            return PulseAudioSink(name: given, ownedHere: false)
        }
        return PulseAudioSink(name: "inputclick-pa-\(getpid())", ownedHere: true)
    }()

    /// The sink's name (`INPUTCLICK_SINK_NAME` for the script).
    let name: String
    /// Whether these tests start and stop it.
    let ownedHere: Bool

    /// Runs scripts/pulseaudio-sink.sh with `arguments`.
    @discardableResult
    func script(_ arguments: [String]) -> ChildRun {
        var environment = ProcessInfo.processInfo.environment
        environment["INPUTCLICK_SINK_NAME"] = name
        return ChildProcess.run(CLISink.root.appendingPathComponent("scripts/pulseaudio-sink.sh").path, arguments,
                                environment: environment)
    }

    /// Starts the sink unless it runs (stopped with this process when started
    /// here); returns the script's output on failure.
    func start() -> String? {
        let run = script(ownedHere ? ["start", "--watch-pid", "\(getpid())"] : ["start"])
        return run.status == 0 ? nil : run.output
    }

    /// Stops the sink if these tests own it.
    func stopIfOwned() {
        if ownedHere { script(["stop"]) }
    }

    /// What a client of the sink needs (`PULSE_SERVER`, `PULSE_CLIENTCONFIG`,
    /// `ALSA_CONFIG_PATH`), read from the script's `env`, whose lines are
    /// `export NAME='value' …` with no quote inside a value.
    func environment() -> [String: String] {
        var result: [String: String] = [:]
        for line in script(["env"]).standardOutput.split(separator: "\n") {
            let parts = line.split(separator: "'", omittingEmptySubsequences: false)
            for index in stride(from: 1, to: parts.count, by: 2) {
                let key = parts[index - 1].split(separator: " ").last.map { $0.dropLast() } ?? ""
                if !key.isEmpty { result[String(key)] = String(parts[index]) }
            }
        }
        return result
    }
}
