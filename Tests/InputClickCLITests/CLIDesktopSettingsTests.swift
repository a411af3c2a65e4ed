import Foundation
import InputClick
import Testing

/// The desktop's settings through GSettings (GIO loaded at run time), read
/// by a real `inputclick` process from a keyfile backend in a temporary
/// `XDG_CONFIG_HOME`, with a sound theme in a temporary `XDG_DATA_HOME`.
/// Needs Debian's gsettings-desktop-schemas and feedbackd (for its schema),
/// which scripts/install-deps.sh installs.
@Suite struct CLIDesktopSettingsTests {
    private func makeHome() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-desktop-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/config/glib-2.0/settings", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/data/sounds/ocean/stereo", withIntermediateDirectories: true)
        try "[Sound Theme]\nName=Ocean\nInherits=freedesktop\nDirectories=stereo\n\n[stereo]\nOutputProfile=stereo\n"
            .write(toFile: home + "/data/sounds/ocean/index.theme", atomically: false, encoding: .utf8)
        var samples = [Float](repeating: 0, count: 1_440)
        for i in samples.indices { samples[i] = Float(0.4 * sin(Double(i) * 0.3)) }
        try SoundFileWriter.write(samples: samples, sampleRate: 48_000, channels: 1, format: .oggVorbis,
                                  to: home + "/data/sounds/ocean/stereo/button-pressed.oga")
        return home
    }

    private func doctor(home: String, keyfile: String, settings: String? = nil,
                        extra: [String: String] = [:], arguments: [String] = []) throws -> CLIRun {
        try keyfile.write(toFile: home + "/config/glib-2.0/settings/keyfile", atomically: false, encoding: .utf8)
        var environment = ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": home + "/config",
                           "XDG_DATA_HOME": home + "/data", "INPUTCLICK_DESKTOP_SETTINGS": "on",
                           "INPUTCLICK_CONFIG": home + "/settings.conf"]
        if let settings { try settings.write(toFile: home + "/settings.conf", atomically: false, encoding: .utf8) }
        for (name, value) in extra { environment[name] = value }
        return try CLIProcess.run(["doctor", "--device", "null"] + arguments, environment: environment)
    }

    @Test("GNOME's input feedback switch, sound theme and feedbackd's profile apply under the settings file")
    func theDesktopAppliesUnderTheFile() throws {
        let home = try makeHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let keyfile = "[org/gnome/desktop/sound]\ninput-feedback-sounds=false\ntheme-name='ocean'\n\n"
            + "[org/sigxcpu/feedbackd]\nprofile='quiet'\n"
        let off = try doctor(home: home, keyfile: keyfile)
        #expect(off.status == 1, "\(off.standardOutput)\(off.standardError)")
        #expect(off.standardOutput.contains("settings:       clicks off, volume 0.8 (-15.8 dB), profile quiet"), "\(off.standardOutput)")
        #expect(off.standardOutput.contains("desktop:        input feedback off, theme ocean, profile quiet (under the file)"))
        #expect(off.standardOutput.contains("  key:          theme ocean (button-pressed) \(home)/data/sounds/ocean/stereo/button-pressed.oga"))
        #expect(off.standardOutput.contains("  delete:       theme ocean (button-pressed) "))
        #expect(off.standardError.isEmpty, "\(off.standardError)")
        let json = try doctor(home: home, keyfile: keyfile, arguments: ["--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let sources = try #require(report["soundSources"] as? [String: [String: String]])
        #expect(sources["key"] == ["origin": "theme", "file": home + "/data/sounds/ocean/stereo/button-pressed.oga"])
        #expect(sources.count == 5)

        // The file wins over the desktop; the environment over both.
        let on = try doctor(home: home, keyfile: keyfile, settings: "clicks = on\nsound-theme =\n",
                            extra: ["INPUTCLICK_PROFILE": "full"])
        #expect(on.status == 0, "\(on.standardOutput)\(on.standardError)")
        #expect(on.standardOutput.contains("settings:       clicks on, volume 0.8 (-5.8 dB), profile full"), "\(on.standardOutput)")
        #expect(on.standardOutput.contains("  key:          bundled"))
    }

    @Test("an input feedback switch the user never set, and INPUTCLICK_DESKTOP_SETTINGS=off, leave clicks on")
    func defaultsAndTheSwitchVariableLeaveClicksOn() throws {
        let home = try makeHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let untouched = try doctor(home: home, keyfile: "[org/sigxcpu/feedbackd]\nprofile='silent'\n")
        #expect(untouched.standardOutput.contains("settings:       clicks on, volume 0.8 (silent), profile silent"),
                "\(untouched.standardOutput)")
        #expect(untouched.standardOutput.contains("desktop:        theme freedesktop, profile silent (under the file)"))
        let off = try doctor(home: home, keyfile: "[org/gnome/desktop/sound]\ninput-feedback-sounds=false\n",
                             extra: ["INPUTCLICK_DESKTOP_SETTINGS": "off"])
        #expect(off.status == 0)
        #expect(!off.standardOutput.contains("desktop:"))
        #expect(off.standardOutput.contains("settings:       clicks on, volume 0.8 (-5.8 dB), profile full"))
    }

    @Test("a keyfile value of the wrong kind or an unknown profile is ignored, not a crash")
    func oddDesktopValuesAreIgnored() throws {
        let home = try makeHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let run = try doctor(home: home, keyfile: "[org/gnome/desktop/sound]\ninput-feedback-sounds='loud'\ntheme-name='../up'\n\n"
                                 + "[org/sigxcpu/feedbackd]\nprofile='deafening'\n")
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("settings:       clicks on, volume 0.8 (-5.8 dB), profile full"), "\(run.standardOutput)")
    }
}
