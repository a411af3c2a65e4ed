import Foundation
import Testing

/// `inputclick tap` through the real-time virtual sink, which these tests
/// start under a name of their own and stop afterwards.
@Suite("inputclick tap", .serialized)
struct CLITapTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let sinkName = "inputclick-cli-\(getpid())"

    /// The environment a client of the sink needs.
    private static var sinkEnvironment: [String: String] {
        ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:\(root.path)/config/alsa/inputclick-test.conf",
         "JACK_DEFAULT_SERVER": sinkName, "JACK_NO_START_SERVER": "1", "INPUTCLICK_SINK_NAME": sinkName]
    }

    /// Runs scripts/virtual-sink.sh with posix_spawn (Foundation's Process
    /// could miss the exit of this short script); returns its exit status.
    @discardableResult
    private static func sink(_ arguments: [String]) -> Int32 {
        let path = root.appendingPathComponent("scripts/virtual-sink.sh").path
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in sinkEnvironment { environment[key] = value }
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

    @Test("bad tap arguments are usage errors with exit 64", arguments: [
        ["tap", "extra"], ["tap", "--period", "3"], ["tap", "--periods", "1"], ["tap", "--device", ""], ["tap", "--loud"],
    ])
    func usageErrors(arguments: [String]) throws {
        let run = try CLIProcess.run(arguments)
        #expect(run.status == 64)
        #expect(run.standardError.contains("USAGE: inputclick tap"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test("a device name that does not exist exits 64 with a message naming it")
    func unknownDevice() throws {
        let run = try CLIProcess.run(["tap", "--device", "no_such_pcm_here"], environment: Self.sinkEnvironment)
        #expect(run.status == 64)
        #expect(run.standardError.contains("no ALSA device named 'no_such_pcm_here'"))
        #expect(!run.standardOutput.contains("READY"))
    }

    @Test("tap says READY, plays one click per line, skips unknown words, and prints the stats at the end")
    func tapsThroughTheSink() throws {
        #expect(Self.sink(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { Self.sink(["stop"]) }
        let input = Data("\nspace\n  return  \nbogus\nkey\n".utf8)
        let run = try CLIProcess.run(["tap", "--device", "inputclick_sink"], input: input, environment: Self.sinkEnvironment)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "READY")
        #expect(lines.contains("clicks: 4 played, 0 dropped, 1 unknown lines"))
        #expect(lines.contains { $0.hasPrefix("device: inputclick_sink: 48000 Hz, 2 ch") && $0.contains("period 64 frames") })
        #expect(lines.contains { $0.hasPrefix("call to write:") && $0.hasSuffix("(n=4)") })
        #expect(lines.contains { $0.hasPrefix("call to converter:") && $0.hasSuffix("(n=4)") })
        #expect(run.standardError.contains("line 4: unknown click kind 'bogus'"))
    }

    @Test("tap --json prints the stats as one JSON object with the negotiated sizes")
    func tapJSON() throws {
        #expect(Self.sink(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { Self.sink(["stop"]) }
        let run = try CLIProcess.run(["tap", "--device", "inputclick_sink", "--period", "128", "--periods", "3", "--json"],
                                     input: Data("delete\n".utf8), environment: Self.sinkEnvironment)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        let object = try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any]
        #expect(object?["played"] as? Int == 1)
        let format = object?["format"] as? [String: Any]
        #expect(format?["periodFrames"] as? Int == 128)
        #expect(format?["bufferFrames"] as? Int == 384)
        let milliseconds = object?["milliseconds"] as? [String: Any]
        #expect((milliseconds?["toConverter"] as? [String: Any])?["count"] as? Int == 1)
    }
}
