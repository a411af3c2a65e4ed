import Foundation
import Testing

@Suite("Command-line usage")
struct CLIUsageTests {
    @Test("no arguments, an unknown subcommand and an unknown option are usage errors with exit 64", arguments: [
        [], ["frobnicate"], ["type", "--loud", "x"], ["type"], ["type", "a", "b"], ["type", "--wpm", "fast", "x"],
        ["type", "--wpm", "0", "x"], ["type", "x", "--output", "x.mp3"], ["type", "x", "--device", ""],
        ["type", "x", "--device", "a", "--output", "b.wav"], ["keyboard", "extra"], ["keyboard", "--keyboard-type", "qwerty"],
    ])
    func usageErrors(arguments: [String]) throws {
        let run = try CLIProcess.run(arguments)
        #expect(run.status == 64)
        #expect(run.standardError.contains("error:") || arguments.isEmpty)
        #expect(run.standardError.contains("USAGE"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test("--help lists every subcommand, and each subcommand has its own help")
    func help() throws {
        let top = try CLIProcess.run(["--help"])
        #expect(top.status == 0)
        for name in ["type", "keyboard", "generate-sounds"] {
            #expect(top.standardOutput.contains("  \(name)"))
            let sub = try CLIProcess.run([name, "--help"])
            #expect(sub.status == 0)
            #expect(sub.standardOutput.contains("USAGE: inputclick \(name)"))
        }
    }
}
