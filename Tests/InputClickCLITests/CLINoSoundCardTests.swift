import Foundation
import TestSupport
import Testing

/// What `doctor` tells a user whose machine has no sound card, followed to the letter.
@Suite("doctor without a sound card")
struct CLINoSoundCardTests {
    @Test("doctor's virtual-sink recipe, run exactly as printed, gives a device on which a tap clicks")
    func recipeFromDoctorWorks() throws {
        let hintRun = try CLIProcess.run(["doctor", "--device", "inputclick_absent", "--json"],
                                         environment: CLISink.shared.environment)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(hintRun.standardOutput.utf8)) as? [String: Any])
        let hint = try #require(report["hint"] as? String)
        guard access("/dev/snd", F_OK) != 0 else {
            // A machine with a card gets another hint; the card itself is the device to use.
            #expect(hint.contains("inputclick devices"), "\(hint)")
            return
        }
        // The shell commands are the text between the backquotes.
        let parts = hint.split(separator: "`", omittingEmptySubsequences: false)
        let recipe = try #require(parts.count == 3 ? String(parts[1]) : nil, "no command in: \(hint)")
        #expect(hint.contains("--device inputclick_sink"), "\(hint)")
        // A fresh shell: none of the sink's environment, a server name of its own.
        var environment = ProcessInfo.processInfo.environment
        for name in ["ALSA_CONFIG_PATH", "JACK_DEFAULT_SERVER", "JACK_NO_START_SERVER"] { environment[name] = nil }
        environment["INPUTCLICK_SINK_NAME"] = "inputclick-recipe-\(getpid())"
        environment["INPUTCLICK_CONFIG"] = "/nonexistent/inputclick.conf"
        environment["INPUTCLICK_DESKTOP_SETTINGS"] = "off"
        environment["INPUTCLICK"] = CLIProcess.binary.path
        let script = """
            cd '\(CLISink.root.path)' || exit 1
            \(recipe)
            "$INPUTCLICK" doctor --device inputclick_sink
            status=$?
            scripts/virtual-sink.sh stop >/dev/null 2>&1
            exit $status
            """
        let run = ChildProcess.run("/bin/sh", ["-c", script], environment: environment, timeout: 60)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.standardOutput.contains("plays"), "\(run.standardOutput)")
    }
}
