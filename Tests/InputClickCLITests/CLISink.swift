import Foundation
import TestSupport

/// A real-time virtual sink for CLI tests that play through real alsa-lib:
/// `scripts/virtual-sink.sh` under a server name private to this test process.
struct CLISink {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The sink most CLI tests share, at 48 kHz.
    static let shared = CLISink(name: "inputclick-cli-\(getpid())")

    /// The JACK server name.
    let name: String
    /// The rate the server runs at, and so the only rate its jack PCM offers.
    var sampleRate = 48_000

    /// The environment a client of the sink needs.
    var environment: [String: String] {
        ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:\(Self.root.path)/config/alsa/inputclick-test.conf",
         "JACK_DEFAULT_SERVER": name, "JACK_NO_START_SERVER": "1", "INPUTCLICK_SINK_NAME": name]
    }

    /// Runs scripts/virtual-sink.sh with `arguments`; returns its exit status.
    @discardableResult
    func script(_ arguments: [String]) -> Int32 {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in self.environment { environment[key] = value }
        environment["INPUTCLICK_SINK_RATE"] = String(sampleRate)
        return ChildProcess.run(Self.root.appendingPathComponent("scripts/virtual-sink.sh").path, arguments,
                                environment: environment).status
    }
}
