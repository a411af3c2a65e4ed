import Dispatch
import Foundation
import InputClickTesting
import TestSupport

/// A recording of what a PulseAudio rig's null sink plays, from its monitor
/// (parec), running from ``start(environment:)`` until ``stop()``. parec
/// runs under a shell started by ``ChildProcess`` (an empty signal mask, so
/// that its SIGINT ends it and the WAV file is completed), which stops it
/// once ``stop()`` has written a line to the stop FIFO.
final class MonitorRecording: @unchecked Sendable {
    let path: String
    private let stopPath: String
    /// The stop FIFO, held open for reading and writing: the shell's read blocks until ``stop()`` writes.
    private let stopDescriptor: Int32
    private let finished = DispatchSemaphore(value: 0)
    private var run: ChildRun?

    static let driver = """
        parec -d inputclick-null.monitor --raw --format=float32le --rate=48000 --channels=2 \\
            --latency-msec=5 >"$RECORDING" &
        recorder=$!
        read -r _ <"$STOP"
        # The monitor hands over what the sink played every 10 ms.
        sleep 0.3
        kill -INT "$recorder"
        wait "$recorder"
        """

    /// Starts parec with the rig's client `environment`.
    init(environment: [String: String]) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-monitor-\(UUID().uuidString)").path
        path = base + ".raw"
        stopPath = base + ".stop"
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        variables["RECORDING"] = path
        variables["STOP"] = stopPath
        stopDescriptor = mkfifo(stopPath, 0o600) == 0 ? open(stopPath, O_RDWR) : -1
        let environment = variables
        Thread.detachNewThread { [self] in
            run = ChildProcess.run("/bin/bash", ["-c", Self.driver], environment: environment, timeout: 120)
            finished.signal()
        }
    }

    deinit {
        if stopDescriptor >= 0 { close(stopDescriptor) }
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: stopPath)
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
    /// audio over behind the sink, by as much as the sink can rewind), or `limit` seconds pass.
    func waitUntilRecorded(seconds: Double, limit: Double = 30) -> Bool {
        pollExternalState(seconds: limit) { recordedSeconds >= seconds }
    }

    /// Stops the recording and waits for parec to finish the file; the shell's run.
    func stop() -> ChildRun? {
        precondition(stopDescriptor >= 0, "the stop FIFO \(stopPath) could not be made")
        _ = write(stopDescriptor, "\n", 1)
        finished.wait()
        return run
    }
}
