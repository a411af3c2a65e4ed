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

    @Test("an option or flag given twice is a usage error naming it, with exit 64", arguments: [
        (["type", "--wpm", "40", "--wpm", "50", "x"], "option --wpm"),
        (["type", "x", "--wpm=40", "--wpm", "40"], "option --wpm"),
        (["type", "x", "--output", "a.wav", "--output=a.wav"], "option --output"),
        (["type", "x", "--device", "null", "--device", "null"], "option --device"),
        (["keyboard", "--secure", "--secure"], "flag --secure"),
        (["keyboard", "--keyboard-type", "default", "--keyboard-type", "url"], "option --keyboard-type"),
        (["tap", "--period", "64", "--period", "128"], "option --period"),
        (["tap", "--periods", "2", "--periods=3"], "option --periods"),
        (["tap", "--json", "--json"], "flag --json"),
        (["doctor", "--device", "null", "--device", "default"], "option --device"),
        (["doctor", "--json", "--json"], "flag --json"),
        (["devices", "--json", "--json"], "flag --json"),
    ])
    func repeatedOptionsAreRefused(arguments: [String], named: String) throws {
        let run = try CLIProcess.run(arguments, timeout: 20)
        #expect(run.status == 64)
        #expect(run.standardError.contains("error: \(named) is given more than once"), "\(run.standardError)")
        #expect(run.standardError.contains("USAGE: inputclick \(arguments[0])"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test("an argument that is not UTF-8 is a usage error naming it, before any file is written")
    func nonUTF8ArgumentsAreRefused() throws {
        let directory = Array(FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-\(UUID().uuidString)-").path.utf8)
            + [0xFF]
        let run = try CLIProcess.run(bytes: [Array("generate-sounds".utf8), directory])
        #expect(run.status == 64)
        #expect(run.standardError.contains("error: argument 2 is not UTF-8 text (byte 0xFF at offset \(directory.count - 1)"))
        #expect(run.standardError.contains("USAGE: inputclick generate-sounds"))
        let lossy = String(decoding: directory, as: UTF8.self)
        #expect(!FileManager.default.fileExists(atPath: lossy), "nothing was written under the U+FFFD spelling")
    }

    @Test("--help lists every subcommand, and each subcommand has its own help")
    func help() throws {
        let top = try CLIProcess.run(["--help"])
        #expect(top.status == 0)
        for name in ["type", "keyboard", "chars", "tap", "devices", "doctor", "settings", "generate-sounds"] {
            #expect(top.standardOutput.contains("  \(name)"))
            let sub = try CLIProcess.run([name, "--help"])
            #expect(sub.status == 0)
            #expect(sub.standardOutput.contains("USAGE: inputclick \(name)"))
        }
    }
}
