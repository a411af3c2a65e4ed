import Foundation
import Testing

/// The CLI's JSON style and its version.
@Suite("JSON reports and the version")
struct CLIReportFormatTests {
    @Test("doctor --json with a device name holding a quote and a slash prints one valid JSON line naming it")
    func deviceNameWithAQuoteAndASlash() throws {
        // alsa-lib's own `file` PCM (over `null`) takes a quoted path, so this device exists and opens.
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-\(UUID().uuidString).raw").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let device = "file:FILE=\"\(raw)\""
        let run = try CLIProcess.run(["doctor", "--device", device, "--json"],
                                     environment: ["INPUTCLICK_CONFIG": "/nonexistent/inputclick.conf"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").count == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(report["device"] as? String == device)
        #expect(run.standardOutput.contains(raw), "slashes are written as they are")
    }

    @Test("tap --json with a device name holding a quote and a slash prints valid JSON naming it, after READY")
    func tapWithAQuoteAndASlash() throws {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-\(UUID().uuidString).raw").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let device = "file:FILE=\"\(raw)\""
        let run = try CLIProcess.run(["tap", "--device", device, "--json"], input: Data("\nspace\n".utf8))
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines.first == "READY", "\(run.standardOutput)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any])
        #expect(report["device"] as? String == device)
        #expect(report["played"] as? Int == 2)
        let milliseconds = try #require(report["milliseconds"] as? [String: Any])
        #expect((milliseconds["toWrite"] as? [String: Any])?["count"] as? Int == 2)
    }

    @Test("doctor on a device that does not open names the likely fix")
    func doctorNamesTheLikelyFix() throws {
        let run = try CLIProcess.run(["doctor", "--device", "inputclick_absent", "--json"], environment: CLISink.shared.environment)
        #expect(run.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let hint = try #require(report["hint"] as? String)
        if access("/dev/snd", F_OK) != 0 {
            #expect(hint.contains("no sound card"), "\(hint)")
            #expect(hint.contains("virtual-sink"), "\(hint)")
        } else {
            #expect(hint.contains("inputclick devices"), "\(hint)")
        }
        let text = try CLIProcess.run(["doctor", "--device", "inputclick_absent"], environment: CLISink.shared.environment)
        #expect(text.standardOutput.contains("  likely fix:   \(hint)"))
    }

    @Test("--version and version print the version, and --help documents them", arguments: ["--version", "version"])
    func version(argument: String) throws {
        let run = try CLIProcess.run([argument])
        #expect(run.status == 0)
        #expect(run.standardOutput.split(separator: "\n").count == 1)
        #expect(run.standardOutput.first?.isNumber == true, "\(run.standardOutput)")
        let help = try CLIProcess.run(["--help"])
        #expect(help.standardOutput.contains("--version, version"))
        let extra = try CLIProcess.run([argument, "extra"])
        #expect(extra.status == 64)
    }
}
