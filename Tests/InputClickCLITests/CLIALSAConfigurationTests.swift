import Foundation
import Testing

/// What the CLI says about a broken ALSA configuration: a file with a syntax
/// error is a configuration error (exit 78) naming the file and line, not bad
/// arguments; a device whose plugin library is missing is named with the
/// library and its package, not taken for a missing sound card.
@Suite("the CLI and a broken ALSA configuration")
struct CLIALSAConfigurationTests {
    /// Runs `inputclick ARGUMENTS` with the system's ALSA configuration plus
    /// a file holding `configuration`, whose path `body` gets with the run.
    private func run(_ arguments: [String], configuration: String,
                     _ body: (CLIRun, String) throws -> Void) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-alsa-\(UUID().uuidString).conf").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try configuration.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try CLIProcess.run(arguments, environment: [
            "ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:\(file)", "INPUTCLICK_CONFIG": "/nonexistent/inputclick.conf",
        ])
        try body(run, file)
    }

    @Test("a syntax error in the ALSA configuration exits 78 naming the file and line",
          arguments: [["doctor", "--device", "null"], ["tap", "--device", "null"], ["devices"]])
    func aSyntaxErrorIsAConfigurationError(arguments: [String]) throws {
        try run(arguments, configuration: "pcm.inputclick_ok { type null }\npcm.inputclick_broken { type hw card 0\n") { run, file in
            #expect(run.status == 78, "\(run.standardOutput)\(run.standardError)")
            #expect(run.standardError.contains("the ALSA configuration cannot be read: \(file): line "), "\(run.standardError)")
            #expect(!run.standardError.contains("USAGE"), "not a usage error")
        }
    }

    @Test("doctor names a device's missing plugin library and its package, never a missing sound card")
    func doctorNamesAMissingPluginLibrary() throws {
        let configuration = """
            pcm_type.jack { lib "/nonexistent/libasound_module_pcm_jack.so" }
            pcm.inputclick_jackless { type jack }

            """
        try run(["doctor", "--device", "inputclick_jackless"], configuration: configuration) { run, _ in
            #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
            #expect(run.standardOutput.contains("ALSA device 'inputclick_jackless' needs the plugin library "
                                                + "'/nonexistent/libasound_module_pcm_jack.so' which cannot be loaded"),
                    "\(run.standardOutput)")
            #expect(run.standardOutput.contains("install the package libasound2-plugins"))
            #expect(run.standardOutput.contains("  likely fix:   'inputclick_jackless' is defined with an ALSA plugin whose library cannot be loaded"))
            #expect(!run.standardOutput.contains("no sound card"), "\(run.standardOutput)")
        }
    }
}
