import Foundation
import InputClick
import Testing

/// `settings check`'s look-up of the sound theme and pack a good file names.
@Suite struct SettingsMissingSoundTests {
    /// A settings file holding `text` in a fresh directory with a `sounds`
    /// directory holding the theme `ocean`; `body` gets the file and the search path.
    private func withFile(_ text: String, _ body: (String, SoundThemeSearchPath) throws -> Void) throws {
        try SoundTestSupport.withTemporaryDirectory { base in
            try FileManager.default.createDirectory(atPath: base + "/sounds/ocean", withIntermediateDirectories: true)
            try "[Sound Theme]\nName=ocean\nDirectories=stereo\n".write(toFile: base + "/sounds/ocean/index.theme",
                                                                        atomically: false, encoding: .utf8)
            try text.write(toFile: base + "/settings.conf", atomically: false, encoding: .utf8)
            try body(base + "/settings.conf", SoundThemeSearchPath(directories: [base + "/sounds"]))
        }
    }

    @Test func aTypoedThemeIsReportedOnItsLineWithTheThemesThatExist() throws {
        try withFile("volume = 0.5\nsound-theme = ocaen\n") { file, path in
            let errors = try #require(SettingsFileFormat.check(fileAt: file, homeDirectory: nil, themeSearchPath: path))
            #expect(errors.count == 1)
            #expect(errors.first?.kind == .missingSound)
            #expect(errors.first?.line == 2)
            #expect(errors.first?.problem.contains("'ocaen' is not installed") == true)
            #expect(errors.first?.problem.hasSuffix("themes there: ocean") == true)
        }
    }

    @Test func anInstalledThemeIsNoProblem() throws {
        try withFile("sound-theme = ocean\n") { file, path in
            #expect(SettingsFileFormat.check(fileAt: file, homeDirectory: nil, themeSearchPath: path) == [])
        }
    }

    @Test func aMissingPackDirectoryIsReportedOnItsLine() throws {
        try withFile("# pack\nsound-pack = nowhere\n") { file, path in
            let errors = try #require(SettingsFileFormat.check(fileAt: file, homeDirectory: nil, themeSearchPath: path))
            #expect(errors.map(\.line) == [2])
            #expect(errors.first?.kind == .missingSound)
            #expect(errors.first?.problem.contains("does not exist") == true)
        }
    }

    @Test func withoutASearchPathOnlyTheSyntaxIsChecked() throws {
        try withFile("sound-theme = ocaen\nsound-pack = nowhere\n") { file, _ in
            #expect(SettingsFileFormat.check(fileAt: file, homeDirectory: nil) == [])
        }
    }
}
