import Foundation
import InputClick
import Testing

/// `doctor` and `devices` share the serialized sink suite.
extension CLITapTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("doctor on the sink reports the actual stream and that a tap plays, exit 0")
    func doctorOnTheSink() throws {
        #expect(CLISink.shared.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { CLISink.shared.script(["stop"]) }
        var environment = CLISink.shared.environment
        environment["INPUTCLICK_CONFIG"] = "/nonexistent/inputclick.conf"
        let run = try CLIProcess.run(["doctor", "--device", "inputclick_sink", "--json"], environment: environment)
        #expect(run.status == 0)
        let report = try json(run.standardOutput)
        #expect(report["decision"] as? String == "plays")
        let stream = try #require(report["stream"] as? [String: Any])
        #expect(stream["sampleRate"] as? Int == 48_000)
        #expect(stream["periodFrames"] as? Int == 64)
    }

    @Test("doctor on a device with no hardware says no-output, shows the warning, and exits 1")
    func doctorOnAnAbsentDevice() throws {
        let run = try CLIProcess.run(["doctor", "--device", "inputclick_absent", "--json"], environment: CLISink.shared.environment)
        #expect(run.status == 1)
        let report = try json(run.standardOutput)
        #expect(report["decision"] as? String == "no-output")
        #expect((report["warnings"] as? [String])?.first?.contains("inputclick_absent") == true)
    }

    @Test("doctor names a bad settings file's line, and shows that clicks off is why a tap is silent")
    func doctorExplainsSettings() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-doctor-\(UUID().uuidString).conf")
        defer { try? FileManager.default.removeItem(at: file) }
        try "clicks = off\n".write(to: file, atomically: true, encoding: .utf8)
        var environment = CLISink.shared.environment
        environment["INPUTCLICK_CONFIG"] = file.path
        let off = try CLIProcess.run(["doctor", "--device", "inputclick_absent"], environment: environment)
        #expect(off.status == 1)
        #expect(off.standardOutput.contains("a tap:          clicks-off"))
        try "clicks = off\nvolume = 2\n".write(to: file, atomically: true, encoding: .utf8)
        let bad = try CLIProcess.run(["doctor", "--device", "inputclick_absent"], environment: environment)
        #expect(bad.standardOutput.contains("\(file.path):2: volume must be a number from 0 to 1, not '2'"))
        // The malformed file does not apply at all: clicks stay on, so the reason is the device.
        #expect(bad.standardOutput.contains("a tap:          no-output"))
    }

    @Test("devices lists the sink with its description, as text and as JSON")
    func devicesListsTheSink() throws {
        let text = try CLIProcess.run(["devices"], environment: CLISink.shared.environment)
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("inputclick_sink"))
        let run = try CLIProcess.run(["devices", "--json"], environment: CLISink.shared.environment)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: String]])
        #expect(list.contains { $0["name"] == "inputclick_sink" && $0["description"]?.contains("virtual sink") == true })
    }
}

/// What `doctor` says about the settings themselves, on ALSA's `null` device,
/// which always opens, so the gate lets a tap through unless the settings stop it.
@Suite("doctor and the settings")
struct CLIDoctorSettingsTests {
    /// Runs `doctor --device null` with `settings` as the settings file's text.
    private func doctor(settings: String, environment: [String: String] = [:],
                        arguments: [String] = []) throws -> CLIRun {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-doctor-\(UUID().uuidString).conf")
        defer { try? FileManager.default.removeItem(at: file) }
        try settings.write(to: file, atomically: true, encoding: .utf8)
        var environment = environment
        environment["INPUTCLICK_CONFIG"] = file.path
        return try CLIProcess.run(["doctor", "--device", "null"] + arguments, environment: environment)
    }

    @Test("doctor on the null device says a tap plays at volume 0.5, exit 0")
    func doctorSaysATapPlaysAtAnAudibleVolume() throws {
        let run = try doctor(settings: "volume = 0.5\n")
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("a tap:          plays: the click plays"))
    }

    @Test("doctor says a volume of 0, however it is spelled, is silent, never that the click plays, and exits 1",
          arguments: ["0", "-0", "0.0", "-0.000", "+0"])
    func doctorSaysVolumeZeroIsSilent(volume: String) throws {
        for run in [try doctor(settings: "volume = \(volume)\n"),
                    try doctor(settings: "", environment: ["INPUTCLICK_VOLUME": volume])] {
            #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
            #expect(run.standardOutput.contains("volume 0 (silent), profile full"), "\(run.standardOutput)\(run.standardError)")
            #expect(run.standardOutput.contains("a tap:          zero-volume: the click volume in the settings is 0, so the click is silent"))
            #expect(!run.standardOutput.contains("inf"))
            #expect(!run.standardOutput.contains("the click plays"))
        }
        let json = try doctor(settings: "volume = \(volume)\n", arguments: ["--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(report["decision"] as? String == "zero-volume")
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["volume"] as? Double == 0)
        #expect(!json.standardOutput.contains("\"volume\":-0"), "\(json.standardOutput)")
    }

    @Test("doctor names a settings location that is not UTF-8 instead of calling the file absent",
          arguments: ["XDG_CONFIG_HOME", "INPUTCLICK_CONFIG"])
    func doctorNamesANonUTF8SettingsLocation(variable: String) throws {
        let path = Array("/tmp/caf".utf8) + [0xE9] + Array("/settings.conf".utf8)
        var environment = ["XDG_CONFIG_HOME": "/nonexistent-xdg"]
        environment["INPUTCLICK_CONFIG"] = variable == "INPUTCLICK_CONFIG" ? nil : ""
        let run = try CLIProcess.run(["doctor", "--device", "null"], environment: environment,
                                     byteEnvironment: [variable: path])
        #expect(!run.standardOutput.contains("absent"), "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("settings file:  none read: \(variable) is not UTF-8 text (defaults)"))
        #expect(run.standardOutput.contains("  problem:      environment: \(variable) is not UTF-8 text "
                                            + "(byte 0xE9 at offset 8 of '/tmp/caf\\xE9/settings.conf')"), "\(run.standardOutput)\(run.standardError)")
    }

    @Test("doctor names a sound-pack variable that is not UTF-8, and the bundled sounds play")
    func doctorNamesANonUTF8SoundPackVariable() throws {
        let run = try CLIProcess.run(["doctor", "--device", "null"], environment: ["INPUTCLICK_CONFIG": "/nonexistent/x.conf"],
                                     byteEnvironment: ["INPUTCLICK_SOUND_PACK": Array("/tmp/pack".utf8) + [0xFF]])
        #expect(run.standardOutput.contains("  problem:      environment: INPUTCLICK_SOUND_PACK is not UTF-8 text "
                                            + "(byte 0xFF at offset 9 of '/tmp/pack\\xFF')"), "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("sounds:         pack none, theme none"))
        for kind in ClickKind.allCases {
            #expect(run.standardOutput.contains("  \((kind.name + ":").padding(toLength: 13, withPad: " ", startingAt: 0)) bundled"))
        }
    }
}

/// `doctor` never prints a control character it did not put there itself:
/// paths, names and messages that hold one show it escaped.
@Suite("doctor and control characters")
struct CLIDoctorControlCharacterTests {
    /// Whether `text` holds a control character other than the line breaks between lines.
    private func holdsControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && $0.properties.generalCategory == .control }
    }

    /// Runs `doctor --device null` with no settings file and `environment`.
    private func doctor(_ environment: [String: String]) throws -> CLIRun {
        try CLIProcess.run(["doctor", "--device", "null"],
                           environment: environment.merging(["INPUTCLICK_CONFIG": "/nonexistent/x.conf"]) { old, _ in old })
    }

    @Test("a sound-pack value with a NUL or an escape is a problem by line for settings check and doctor, shown escaped")
    func aControlCharacterInTheSoundPackValue() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-doctor-\(UUID().uuidString).conf")
        defer { try? FileManager.default.removeItem(at: file) }
        try "sound-pack = /tmp/pack\u{0}\u{1b}[31mred\n".write(to: file, atomically: true, encoding: .utf8)
        let expected = "\(file.path):1: sound-pack must be a directory path without control characters, "
            + "not '/tmp/pack\\u{0}\\u{1b}[31mred'"
        let check = try CLIProcess.run(["settings", "check", file.path])
        #expect(check.status == 65, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput == expected + "\n")
        let run = try doctor(["INPUTCLICK_CONFIG": file.path])
        #expect(run.status == 65, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("  problem:      " + expected), "\(run.standardOutput)")
        #expect(!holdsControlCharacters(run.standardOutput))
    }

    @Test("an escape in INPUTCLICK_SOUND_PACK is an environment problem, and doctor prints it escaped")
    func aControlCharacterInTheSoundPackVariable() throws {
        let run = try doctor(["INPUTCLICK_SOUND_PACK": "/tmp/pack\u{1b}]0;title\u{7}"])
        #expect(run.standardOutput.contains("  problem:      environment: INPUTCLICK_SOUND_PACK must be a directory path "
                                            + "without control characters, not '/tmp/pack\\u{1b}]0;title\\u{7}'"),
                "\(run.standardOutput)")
        #expect(run.standardOutput.contains("sounds:         pack none, theme none"))
        #expect(!holdsControlCharacters(run.standardOutput))
    }

    @Test("a pack file whose name holds an escape is listed escaped")
    func aControlCharacterInAPackFileName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-pack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: directory.appendingPathComponent("beep\u{1b}[2J.wav"))
        let run = try doctor(["INPUTCLICK_SOUND_PACK": directory.path])
        #expect(run.standardOutput.contains("  refused:      \(directory.path)/beep\\u{1b}[2J.wav: "), "\(run.standardOutput)")
        #expect(!holdsControlCharacters(run.standardOutput))
    }

    @Test("INPUTCLICK_DESKTOP_SETTINGS that is neither on nor off is an environment problem in doctor")
    func aBadDesktopSwitch() throws {
        let run = try doctor(["INPUTCLICK_DESKTOP_SETTINGS": "garbage"])
        #expect(run.standardOutput.contains("  problem:      environment: INPUTCLICK_DESKTOP_SETTINGS must be on or off "
                                            + "(or true/false, yes/no, 1/0), not 'garbage'; the desktop's settings are not read"),
                "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("desktop:        "), "the desktop's settings are not read")
    }
}

/// What `doctor` says about the keyboards `listen` would read. There is no
/// `/dev/input` here, so the input directories are made up: one missing, one
/// holding a node that is not a device.
@Suite("doctor and listen's keyboards")
struct CLIDoctorListenTests {
    private func doctor(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIRun {
        var environment = environment
        environment["INPUTCLICK_CONFIG"] = "/nonexistent/inputclick.conf"
        return try CLIProcess.run(["doctor", "--device", "null"] + arguments, environment: environment)
    }

    @Test("doctor says listen would read no keyboard from a missing input directory, and still exits 0")
    func missingInputDirectory() throws {
        let directory = "/nonexistent/inputclick-input-\(UUID().uuidString)"
        let run = try doctor(["--input-dir", directory])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains(
            "listen:         would read no keyboard: cannot read the input directory \(directory): No such file or directory"),
            "\(run.standardOutput)")
    }

    @Test("doctor says an input directory has no keyboard, as text and as JSON, taking it from INPUTCLICK_INPUT_DIR too")
    func inputDirectoryWithoutKeyboards() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-doctor-input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "not a device".write(toFile: directory + "/event0", atomically: true, encoding: .utf8)
        let text = try doctor(["--input-dir", directory])
        #expect(text.status == 0, "\(text.standardOutput)\(text.standardError)")
        #expect(text.standardOutput.contains("listen:         would read no keyboard: no keyboard (a device with letter keys) in \(directory)"),
                "\(text.standardOutput)")
        #expect(!text.standardOutput.contains("likely fix"))
        let json = try doctor(["--json"], environment: ["INPUTCLICK_INPUT_DIR": directory])
        #expect(json.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let listen = try #require(report["listen"] as? [String: Any])
        #expect(listen["inputDirectory"] as? String == directory)
        #expect((listen["keyboards"] as? [Any])?.isEmpty == true)
        #expect((listen["problem"] as? String)?.contains("no keyboard") == true)
        #expect(listen["fix"] is NSNull)
    }

    @Test("doctor refuses an empty --input-dir with exit 64")
    func emptyInputDirectory() throws {
        let run = try doctor(["--input-dir", ""])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--input-dir"))
    }
}
