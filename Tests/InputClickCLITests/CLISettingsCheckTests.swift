import Foundation
import Testing

/// `inputclick settings check`, and `doctor` on a settings file with several errors.
@Suite("settings check and doctor on a bad settings file")
struct CLISettingsCheckTests {
    /// A settings file with `text`, removed when `body` returns.
    private func withSettingsFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-check-\(UUID().uuidString).conf").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return try body(file)
    }

    private let badFile = "# a comment\nclicks = maybe\nvolume = 2\n\nfoo = 1\nvolume = 0.5\nnoequals\nprofile = quiet\n"

    @Test("settings check lists every error in the file with its line, and exits 65")
    func checkListsEveryError() throws {
        try withSettingsFile(badFile) { file in
            let run = try CLIProcess.run(["settings", "check", file])
            #expect(run.status == 65, "\(run.standardOutput)\(run.standardError)")
            let lines = run.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines == [
                "\(file):2: clicks must be on or off (or true/false, yes/no, 1/0), not 'maybe'",
                "\(file):3: volume must be a number from 0 to 1, not '2'",
                "\(file):5: unknown key 'foo' (known keys: clicks, volume, profile, sound-pack, sound-theme, latency, duck-depth-db, duck-attack-ms, duck-hold-ms, duck-release-ms)",
                "\(file):6: duplicate key 'volume' (first set on line 3)",
                "\(file):7: expected 'key = value', found 'noequals'",
            ])
            #expect(run.standardError.contains("5 errors"))
        }
    }

    @Test("settings check --json gives each error's line in one JSON line")
    func checkAsJSON() throws {
        try withSettingsFile(badFile) { file in
            let run = try CLIProcess.run(["settings", "check", file, "--json"])
            #expect(run.status == 65)
            #expect(run.standardOutput.split(separator: "\n").count == 1)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            #expect(report["file"] as? String == file)
            #expect(report["exists"] as? Bool == true)
            let errors = try #require(report["errors"] as? [[String: Any]])
            #expect(errors.compactMap { $0["line"] as? Int } == [2, 3, 5, 6, 7])
            #expect(!run.standardOutput.contains("\\/"), "slashes are not escaped")
        }
    }

    @Test("settings check on a good file exits 0")
    func checkAcceptsAGoodFile() throws {
        try withSettingsFile("clicks = on\nvolume = 0.5\n") { file in
            let run = try CLIProcess.run(["settings", "check", file])
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            #expect(run.standardOutput == "\(file): no problems\n")
        }
    }

    @Test("settings check without FILE checks the file INPUTCLICK_CONFIG names, as doctor does")
    func checkFindsTheUsersFile() throws {
        try withSettingsFile("volume = loud\n") { file in
            let run = try CLIProcess.run(["settings", "check"], environment: ["INPUTCLICK_CONFIG": file])
            #expect(run.status == 65)
            #expect(run.standardOutput.contains("\(file):1: volume must be a number from 0 to 1, not 'loud'"))
        }
        let absent = try CLIProcess.run(["settings", "check"], environment: ["INPUTCLICK_CONFIG": "/nonexistent/inputclick.conf"])
        #expect(absent.status == 0)
        #expect(absent.standardOutput.contains("/nonexistent/inputclick.conf: absent (every default applies)"))
    }

    @Test("settings check names a settings location that is not UTF-8, and exits 65")
    func checkNamesANonUTF8Location() throws {
        let run = try CLIProcess.run(["settings", "check", "--json"],
                                     byteEnvironment: ["INPUTCLICK_CONFIG": Array("/tmp/caf".utf8) + [0xE9] + Array(".conf".utf8)])
        #expect(run.status == 65, "\(run.standardOutput)\(run.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(report["file"] is NSNull)
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect((errors.first?["message"] as? String)?.contains("INPUTCLICK_CONFIG is not UTF-8 text") == true, "\(errors)")
    }

    @Test("settings check on a FILE that does not exist exits 66 naming it; bad arguments exit 64", arguments: [
        (["settings", "check", "/nonexistent/x.conf"], Int32(66)),
        (["settings"], Int32(64)),
        (["settings", "verify"], Int32(64)),
        (["settings", "check", "a", "b"], Int32(64)),
        (["settings", "check", ""], Int32(64)),
    ])
    func checkRefusesBadArguments(arguments: [String], status: Int32) throws {
        let run = try CLIProcess.run(arguments)
        #expect(run.status == status, "\(run.standardError)")
        #expect(run.standardError.contains("error:"))
        if status == 66 { #expect(run.standardError.contains("/nonexistent/x.conf: no such file")) }
    }

    @Test("doctor lists every error of a bad settings file and exits 65")
    func doctorListsEveryError() throws {
        try withSettingsFile(badFile) { file in
            let run = try CLIProcess.run(["doctor", "--device", "null"], environment: ["INPUTCLICK_CONFIG": file])
            #expect(run.status == 65, "\(run.standardOutput)\(run.standardError)")
            for line in [2, 3, 5, 6, 7] {
                #expect(run.standardOutput.contains("  problem:      \(file):\(line): "), "line \(line): \(run.standardOutput)")
            }
            let json = try CLIProcess.run(["doctor", "--device", "null", "--json"], environment: ["INPUTCLICK_CONFIG": file])
            #expect(json.status == 65)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            #expect((report["settingsErrors"] as? [String])?.count == 5)
        }
    }
}

/// `settings check` and `doctor` on a file naming a theme that is not installed.
@Suite("settings check and doctor on a missing sound theme")
struct CLIMissingThemeTests {
    /// Runs `body` with an environment whose settings file (in the directory
    /// given second) says `sound-theme = ocaen` while only the theme `ocean`
    /// is installed.
    private func withTypoedTheme(_ body: ([String: String], String) throws -> Void) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-theme-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/share/sounds/ocean", withIntermediateDirectories: true)
        try "[Sound Theme]\nName=ocean\n".write(toFile: base + "/share/sounds/ocean/index.theme", atomically: false, encoding: .utf8)
        try "sound-theme = ocaen\n".write(toFile: base + "/settings.conf", atomically: false, encoding: .utf8)
        try body(["XDG_DATA_HOME": base + "/home", "XDG_DATA_DIRS": base + "/share", "INPUTCLICK_CONFIG": base + "/settings.conf"],
                 base)
    }

    @Test("settings check and doctor both name a typo'd theme and the themes that exist")
    func aTypoedThemeIsReported() throws {
        try withTypoedTheme { environment, base in
            let check = try CLIProcess.run(["settings", "check"], environment: environment)
            #expect(check.status == 65, "\(check.standardOutput)\(check.standardError)")
            #expect(check.standardOutput.hasPrefix("\(base)/settings.conf:1: sound-theme 'ocaen' is not installed"))
            #expect(check.standardOutput.contains("themes there: ocean"))
            #expect(check.standardError.contains("1 missing sound source"))
            let doctor = try CLIProcess.run(["doctor", "--device", "null"], environment: environment)
            #expect(doctor.standardOutput.contains("warning:      sound-theme 'ocaen' is not installed"), "\(doctor.standardOutput)")
        }
    }

    @Test("doctor --json gives the typo'd theme in its settings and warns of it, naming the themes that exist")
    func doctorJSONWarnsOfATypoedTheme() throws {
        try withTypoedTheme { environment, _ in
            let run = try CLIProcess.run(["doctor", "--device", "null", "--json"], environment: environment)
            #expect(run.status == 0, "a missing theme is a warning, not an error: \(run.standardOutput)\(run.standardError)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            #expect((report["settings"] as? [String: Any])?["soundTheme"] as? String == "ocaen")
            let warnings = try #require(report["warnings"] as? [String])
            #expect(warnings.first?.hasPrefix("sound-theme 'ocaen' is not installed") == true, "\(warnings)")
            #expect(warnings.first?.hasSuffix("themes there: ocean") == true, "\(warnings)")
        }
    }
}
