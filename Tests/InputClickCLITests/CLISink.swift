import Foundation

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

    /// Runs scripts/virtual-sink.sh with posix_spawn (Foundation's Process
    /// could miss the exit of this short script); returns its exit status.
    @discardableResult
    static func script(_ arguments: [String]) -> Int32 {
        let path = root.appendingPathComponent("scripts/virtual-sink.sh").path
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in self.environment { environment[key] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0) }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status >> 8) & 0xff
    }

}
