import Foundation

/// A real PulseAudio 16 with a timer-driven null sink for the CLI's and the
/// native backend's tests:
/// `scripts/pulseaudio-sink.sh`, under a name private to this test process,
/// or one named by `INPUTCLICK_PULSEAUDIO_SINK` for a developer's runs by
/// hand (`scripts/test-pulseaudio.sh` leaves it unset: suites sharing one
/// server's monitor heard each other's clicks).
public struct PulseAudioSink: Sendable {
    /// The sink these tests play into.
    public static let shared: PulseAudioSink = {
        if let given = ProcessInfo.processInfo.environment["INPUTCLICK_PULSEAUDIO_SINK"], !given.isEmpty {
            return PulseAudioSink(name: given, ownedHere: false)
        }
        return PulseAudioSink(name: "inputclick-pa-\(getpid())", ownedHere: true)
    }()

    /// The test command's sink when `INPUTCLICK_PULSEAUDIO_SINK` names one,
    /// else a sink of the calling suite's own (`suite` in its name), which it
    /// starts and stops: a suite that stops its sink must never stop one that
    /// another suite of the same test process still plays into.
    public static func ofSuite(_ suite: String) -> PulseAudioSink {
        if let given = ProcessInfo.processInfo.environment["INPUTCLICK_PULSEAUDIO_SINK"], !given.isEmpty {
            return PulseAudioSink(name: given, ownedHere: false)
        }
        return PulseAudioSink(name: "inputclick-pa-\(suite)-\(getpid())", ownedHere: true)
    }

    /// A sink of this name; `ownedHere`: these tests start and stop it.
    public init(name: String, ownedHere: Bool) {
        self.name = name
        self.ownedHere = ownedHere
    }

    /// The daemon's process ID while it runs (the script's `status`).
    public var daemonPID: Int32? {
        let run = script(["status"])
        guard run.status == 0 else { return nil }
        // "pulseaudio-sink: 'NAME' runs (pulseaudio pid 123, pacer pid 456)"
        guard let range = run.standardOutput.range(of: "(pulseaudio pid ") else { return nil }
        return Int32(run.standardOutput[range.upperBound...].prefix { $0.isNumber })
    }

    /// The pacer's process ID while the sink runs (the script's `status`):
    /// the recording that keeps the null sink from mixing 2 s ahead.
    public var pacerPID: Int32? {
        let run = script(["status"])
        guard run.status == 0, let range = run.standardOutput.range(of: "pacer pid ") else { return nil }
        return Int32(run.standardOutput[range.upperBound...].prefix { $0.isNumber })
    }

    /// The sink's name (`INPUTCLICK_SINK_NAME` for the script).
    public let name: String
    /// Whether these tests start and stop it.
    public let ownedHere: Bool

    /// scripts/pulseaudio-sink.sh, found from this file's place in the repository.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pulseaudio-sink.sh").path

    /// Runs scripts/pulseaudio-sink.sh with `arguments`.
    @discardableResult
    public func script(_ arguments: [String]) -> ChildRun {
        var environment = ProcessInfo.processInfo.environment
        environment["INPUTCLICK_SINK_NAME"] = name
        return ChildProcess.run(Self.script, arguments,
                                environment: environment)
    }

    /// Starts the sink unless it runs (stopped with this process when started
    /// here); returns the script's output on failure.
    public func start() -> String? {
        let run = script(ownedHere ? ["start", "--watch-pid", "\(getpid())"] : ["start"])
        return run.status == 0 ? nil : run.output
    }

    /// Stops the sink if these tests own it.
    public func stopIfOwned() {
        if ownedHere { script(["stop"]) }
    }

    /// What a client of the sink needs (`PULSE_SERVER`, `PULSE_CLIENTCONFIG`,
    /// `ALSA_CONFIG_PATH`), read from the script's `env`, whose lines are
    /// `export NAME='value' …` with no quote inside a value.
    public func environment() -> [String: String] {
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
