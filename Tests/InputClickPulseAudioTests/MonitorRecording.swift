import Dispatch
import Foundation
import InputClickTesting
import TestSupport

/// A recording of what a PulseAudio rig's null sink plays, from its monitor
/// (parec), running from ``init(environment:latencyMilliseconds:)`` until ``stop()``. parec
/// runs under a shell started by ``ChildProcess`` (an empty signal mask, so
/// that its SIGINT ends it and the WAV file is completed), which stops it
/// once ``stop()`` has written a line to the stop FIFO. The recording and
/// the FIFO sit in a private directory, which ``waitUntilRecorded(seconds:limit:)``
/// watches (``FileChangeWatch``). Stop it with `defer` too: a recording left
/// running holds its shell until the 120 s limit.
final class MonitorRecording: @unchecked Sendable {
    let path: String
    private let directory: String
    private let changes: FileChangeWatch
    /// The stop FIFO, held open for reading and writing: the shell's read blocks until ``stop()`` writes.
    private let stopDescriptor: Int32
    private let finished = DispatchSemaphore(value: 0)
    private var run: ChildRun?
    private var stopped = false

    /// Callers wait for the audio they need (``waitUntilRecorded(seconds:limit:)``) before they stop it.
    static let driver = """
        parec -d inputclick-null.monitor --raw --format=float32le --rate=48000 --channels=2 \\
            --latency-msec="$LATENCY" >"$RECORDING" &
        recorder=$!
        read -r _ <"$STOP"
        kill -INT "$recorder"
        wait "$recorder"
        """

    /// Starts parec with the rig's client `environment`, asking for `latencyMilliseconds` (5: the sink
    /// mixes at most that far ahead; more than the null sink's 2 s block leaves its blocks as they are).
    /// - Throws: what ``makePrivateDirectory(in:prefix:)`` or ``FileChangeWatch`` throw, or
    ///   ``PulseAudioRig/RigError`` if the stop FIFO cannot be made; nothing is left behind then.
    init(environment: [String: String], latencyMilliseconds: Int = 5) throws {
        let directory = try makePrivateDirectory(prefix: "inputclick-monitor-")
        let path = directory + "/monitor.raw", stopPath = directory + "/stop"
        do {
            changes = try FileChangeWatch(directory: directory)
            guard mkfifo(stopPath, 0o600) == 0 else {
                throw PulseAudioRig.RigError(message: "mkfifo \(stopPath) failed: \(String(cString: strerror(errno)))")
            }
            stopDescriptor = open(stopPath, O_RDWR | O_CLOEXEC)
            guard stopDescriptor >= 0 else {
                throw PulseAudioRig.RigError(message: "open \(stopPath) failed: \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        self.directory = directory
        self.path = path
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        variables["RECORDING"] = path
        variables["STOP"] = stopPath
        variables["LATENCY"] = "\(latencyMilliseconds)"
        let environment = variables
        Thread.detachNewThread { [self] in
            run = ChildProcess.run("/bin/bash", ["-c", Self.driver], environment: environment, timeout: 120)
            finished.signal()
        }
    }

    deinit {
        close(stopDescriptor)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The samples recorded: float32, stereo, 48 kHz, interleaved.
    var samples: [Float] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return data.withUnsafeBytes { raw in Array(raw.bindMemory(to: Float.self)) }
    }

    /// Seconds of audio recorded so far.
    var recordedSeconds: Double {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        return Double(status.st_size) / 8 / 48_000
    }

    /// Waits until `seconds` of audio have been recorded (the monitor hands
    /// audio over behind the sink, by as much as the sink can rewind), or `limit` seconds pass; woken
    /// by each write of parec.
    func waitUntilRecorded(seconds: Double, limit: Double = 30) -> Bool {
        changes.wait(seconds: limit) { recordedSeconds >= seconds }
    }

    /// Stops the recording and waits for parec to finish the file; the shell's run. Idempotent: a
    /// second call returns the same run at once. Thread context: the test's thread.
    @discardableResult
    func stop() -> ChildRun? {
        guard !stopped else { return run }
        stopped = true
        _ = write(stopDescriptor, "\n", 1)
        finished.wait()
        return run
    }
}
