import Foundation
import Testing

/// `inputclick tap` through the real-time virtual sink, which these tests
/// start under a name of their own and stop afterwards.
@Suite("inputclick tap and type through the virtual sink", .serialized)
struct CLITapTests {
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
        let run = try CLIProcess.run(["tap", "--device", "no_such_pcm_here"], environment: CLISink.environment)
        #expect(run.status == 64)
        #expect(run.standardError.contains("no ALSA device named 'no_such_pcm_here'"))
        #expect(!run.standardOutput.contains("READY"))
    }

    @Test("tap says READY, plays one click per line, skips unknown words, and prints the stats at the end")
    func tapsThroughTheSink() throws {
        #expect(CLISink.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { CLISink.script(["stop"]) }
        let input = Data("\nspace\n  return  \nbogus\nkey\n".utf8)
        let run = try CLIProcess.run(["tap", "--device", "inputclick_sink"], input: input, environment: CLISink.environment)
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
        #expect(CLISink.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { CLISink.script(["stop"]) }
        let run = try CLIProcess.run(["tap", "--device", "inputclick_sink", "--period", "128", "--periods", "3", "--json"],
                                     input: Data("delete\n".utf8), environment: CLISink.environment)
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
