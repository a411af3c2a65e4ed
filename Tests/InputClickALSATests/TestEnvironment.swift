import Foundation

/// The process environment every ALSA test runs in, set once before any
/// test touches alsa-lib or libjack:
/// - `ALSA_CONFIG_PATH`: the system configuration plus the project's
///   `config/alsa/inputclick-test.conf` (kept if already set, as the test
///   command sets it for the PipeWire sink);
/// - `JACK_NO_START_SERVER=1`, so that no client ever starts a server;
/// - `JACK_DEFAULT_SERVER`: the virtual sink's server name (see ``VirtualSink``).
enum TestEnvironment {
    /// The repository's root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `INPUTCLICK_SINK_NAME` as given when the tests started: a sink the
    /// test command started and owns.
    static let givenSinkName: String? = {
        guard let given = ProcessInfo.processInfo.environment["INPUTCLICK_SINK_NAME"], !given.isEmpty else { return nil }
        return given
    }()

    /// The sink's JACK server name: ``givenSinkName``, else one private to
    /// this test process, so that concurrent test runs never share a sink.
    static let sinkName: String = givenSinkName ?? "inputclick-test-\(getpid())"

    private static let prepared: Bool = {
        let config = repositoryRoot.appendingPathComponent("config/alsa/inputclick-test.conf").path
        setenv("ALSA_CONFIG_PATH", "/usr/share/alsa/alsa.conf:\(config)", 0)
        setenv("JACK_NO_START_SERVER", "1", 1)
        setenv("JACK_DEFAULT_SERVER", sinkName, 1)
        setenv("INPUTCLICK_SINK_NAME", sinkName, 1)
        return true
    }()

    /// Sets the environment once; every ALSA test calls this first.
    static func prepare() {
        precondition(prepared)
    }

    /// A fresh path under the temporary directory.
    static func temporaryFile(_ stem: String, extension ext: String) -> String {
        NSTemporaryDirectory() + "inputclick-\(stem)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(ext)"
    }
}

