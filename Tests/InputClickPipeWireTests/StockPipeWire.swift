import Foundation
import InputClick
import InputClickPipeWire
import InputClickTesting
import Synchronization
import TestSupport

/// A private headless PipeWire with Debian's stock clock (quantum 1024, min
/// 16, max 2048, nothing forced) and WirePlumber: `scripts/pipewire-sink.sh`
/// with `INPUTCLICK_PIPEWIRE_CLOCK=stock`, under a name private to this test
/// process (stopped when it exits), or the test command's when
/// `INPUTCLICK_NATIVE_PIPEWIRE_SINK` names one. Its daemon logs each change
/// of the graph's quantum (`new quantum`) to `pipewire.log`, for counting.
///
/// Clients reach it by its socket's path (``socket``), given to
/// ``InputClickPipeWire/PipeWireOutput`` as the remote: nothing of the test
/// process's environment changes but `PIPEWIRE_LOG` (libpipewire's own log
/// goes to a file, never into the test's output).
final class StockPipeWire: Sendable {
    static let shared = StockPipeWire()

    /// The sink's name (`INPUTCLICK_SINK_NAME` for the script).
    let name: String
    private let ownedHere: Bool

    private init() {
        if let given = ProcessInfo.processInfo.environment["INPUTCLICK_NATIVE_PIPEWIRE_SINK"], !given.isEmpty {
            name = given
            ownedHere = false
        } else {
            name = "inputclick-pwn-\(getpid())"
            ownedHere = true
        }
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Sends libpipewire's own log to a file of this process's (`PIPEWIRE_LOG`)
    /// before any test loads it: on standard error, its line buffering broke
    /// Swift Testing's output (see scripts/pipewire-sink.sh). Every test that
    /// may load libpipewire calls this first.
    static func quietLibraryLog() {
        precondition(libraryLogSet)
    }

    private static let libraryLog =
        FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-pwn-client-\(UUID().uuidString).log").path

    private static let libraryLogSet: Bool = {
        setenv("PIPEWIRE_LOG", libraryLog, 0)
        // The log is kept only if libpipewire wrote something to it.
        atexit {
            let size = (try? FileManager.default.attributesOfItem(atPath: StockPipeWire.libraryLog)[.size] as? Int) ?? 0
            if size == 0 { try? FileManager.default.removeItem(atPath: StockPipeWire.libraryLog) }
        }
        return true
    }()

    /// Runs scripts/pipewire-sink.sh with `arguments` for this sink.
    @discardableResult
    func script(_ arguments: [String]) -> ChildRun {
        var environment = ProcessInfo.processInfo.environment
        environment["INPUTCLICK_SINK_NAME"] = name
        environment["INPUTCLICK_PIPEWIRE_CLOCK"] = "stock"
        environment["INPUTCLICK_SINK_SERVER"] = nil
        return ChildProcess.run(Self.repositoryRoot.appendingPathComponent("scripts/pipewire-sink.sh").path, arguments,
                                environment: environment, timeout: 60)
    }

    /// The script's `env` line's value of `variable`.
    private func scriptEnvironment(_ variable: String) -> String? {
        let text = script(["env"]).standardOutput
        guard let range = text.range(of: "\(variable)='") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "'" })
    }

    /// The sink's directory: its socket and the daemons' logs.
    var directory: String { scriptEnvironment("PIPEWIRE_RUNTIME_DIR") ?? "" }
    /// The server's socket.
    var socket: String { directory + "/pipewire-0" }

    /// An output to this sink. Its data-loop thread is named apart from the
    /// ALSA streams' render threads, which other suites of the same test
    /// process count by name.
    func output() -> PipeWireOutput {
        PipeWireOutput(remote: socket, threadName: "inputclick-pwt")
    }

    /// Starts the sink unless it runs; `nil`, or the script's output on failure.
    func start() -> String? {
        if script(["status"]).status == 0 { return nil }
        let run = script(ownedHere ? ["start", "--watch-pid", "\(getpid())"] : ["start"])
        guard run.status == 0 else { return run.output }
        return nil
    }

    /// Stops the sink if this process started it.
    func stopIfStartedHere() {
        if ownedHere { script(["stop"]) }
    }

    /// Stops the sink and starts it again (after a test killed or froze it).
    func restart() -> String? {
        script(["stop"])
        return start()
    }

    /// The pipewire daemon's PID, from the script's status.
    var daemonPID: pid_t? {
        let status = script(["status"]).standardOutput
        guard let range = status.range(of: "pipewire pid ") else { return nil }
        return Int32(status[range.upperBound...].prefix { $0.isNumber })
    }

    /// The changes of the graph's quantum the daemon has logged so far.
    func quantumChanges() -> [String] {
        let log = (try? String(contentsOfFile: directory + "/pipewire.log", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains("new quantum") }.map(String.init)
    }

    /// Waits until the daemon's log says the graph runs at `quantum` (the last change's target; the stock
    /// 1024 before any change), within `seconds`: woken by each write to the sink's directory. Whether it does.
    func waitUntilLoggedQuantum(_ quantum: Int, seconds: Double) -> Bool {
        guard let changes = try? FileChangeWatch(directory: directory) else { return false }
        return changes.wait(seconds: seconds) {
            // "... new quantum:1024->64"
            let target = quantumChanges().last.flatMap { line in line.range(of: "->").map { Int(line[$0.upperBound...].prefix { $0.isNumber }) } } ?? 1024
            return target == quantum
        }
    }

    /// The playback stream nodes the server knows, with their properties (from `pw-dump`).
    func streamNodes() -> [[String: Any]] {
        var environment = ProcessInfo.processInfo.environment
        environment["PIPEWIRE_RUNTIME_DIR"] = directory
        let dump = ChildProcess.run("/usr/bin/pw-dump", [], environment: environment, timeout: 30).standardOutput
        guard let objects = try? JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [[String: Any]] else { return [] }
        return objects.compactMap { object in
            guard let info = object["info"] as? [String: Any], let props = info["props"] as? [String: Any],
                  props["media.class"] as? String == "Stream/Output/Audio" else { return nil }
            return props
        }
    }
}

/// A recording of the sink's monitor by `pw-record`, running until ``stop()``.
final class MonitorRecording {
    let path: String
    private let directory: String
    private var recorder: RunningChild?

    /// Starts recording the sink's monitor to a fresh WAV file; returns once audio arrives.
    ///
    /// The recorder runs with SCHED_FIFO (`chrt`): pw-record takes its
    /// buffers on its main thread, and on a loaded machine, at a 64-frame
    /// quantum, a recording once lacked a click that the player had written
    /// with no underrun and no fault. The recorder falls behind the graph:
    /// two recorders of one run lose different cycles (0 and 512 frames). A
    /// click both lack is not the recorders' loss (seen: 39 of 40 in both,
    /// under heavy load; open in the player's report). The file
    /// goes to memory (`/dev/shm`) where there is one, so that no disk write
    /// stalls the recorder, in a private directory watched for its writes.
    init(_ sink: StockPipeWire) throws {
        var isDirectory: ObjCBool = false
        let memory = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
        let directory = try makePrivateDirectory(in: memory ? "/dev/shm" : NSTemporaryDirectory(), prefix: "inputclick-pwn-")
        self.directory = directory
        path = directory + "/monitor.wav"
        var environment = ProcessInfo.processInfo.environment
        environment["PIPEWIRE_RUNTIME_DIR"] = sink.directory
        let changes: FileChangeWatch
        do {
            changes = try FileChangeWatch(directory: directory)
            recorder = try RunningChild("/usr/bin/chrt", ["--fifo", "20", "/usr/bin/pw-record", "--target", "inputclick-null",
                                                          "-P", "{ stream.capture.sink = true }", "--rate", "48000",
                                                          "--channels", "2", "--format", "f32", path],
                                        environment: environment)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        // Audio arrives once the recorder is linked to the monitor: the file grows past 48,000 bytes (1/8 s).
        let linked = changes.wait(seconds: 20) {
            ((try? FileManager.default.attributesOfItem(atPath: self.path)[.size] as? Int) ?? 0) > 48_000
        }
        if !linked {
            stop()
            throw MonitorRecordingError(description: "pw-record did not record the monitor within 20 s")
        }
    }

    /// Stops the recorder (SIGINT, so it finishes the file; killed after 5 s) and reads what it recorded.
    @discardableResult
    func stop() -> CapturedAudio? {
        recorder?.stop(asking: SIGINT, within: 5)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try? CapturedAudio(path: path, float32: true)
    }
}

struct MonitorRecordingError: Error, CustomStringConvertible {
    var description: String
}
