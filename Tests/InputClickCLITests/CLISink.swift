import Foundation
import TestSupport

/// The real-time virtual sink for CLI tests that play through real alsa-lib:
/// `scripts/virtual-sink.sh` under a server name private to this test process.
enum CLISink {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sinkName = "inputclick-cli-\(getpid())"

    /// The environment a client of the sink needs.
    static var environment: [String: String] {
        ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:\(root.path)/config/alsa/inputclick-test.conf",
         "JACK_DEFAULT_SERVER": sinkName, "JACK_NO_START_SERVER": "1", "INPUTCLICK_SINK_NAME": sinkName]
    }

    /// Runs scripts/virtual-sink.sh with `arguments`; returns its exit status.
    @discardableResult
    static func script(_ arguments: [String]) -> Int32 {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in self.environment { environment[key] = value }
        return ChildProcess.run(root.appendingPathComponent("scripts/virtual-sink.sh").path, arguments,
                                environment: environment).status
    }
}
