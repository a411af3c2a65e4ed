import InputClick
import Testing

@Suite("Checking a settings file for every error")
struct SettingsCheckTests {
    @Test("check collects one error per faulty line, in order, where parse stops at the first")
    func checkCollectsEveryError() throws {
        let text = "volume = 2\nclicks = on\nbogus = 1\nclicks = off\nprofile = loud\n"
        let result = SettingsFileFormat.check(text: text, file: "/x/settings.conf", homeDirectory: nil)
        #expect(result.errors.map(\.line) == [1, 3, 4, 5])
        #expect(result.errors.map(\.kind) == [.invalidValue, .unknownKey, .duplicateKey, .invalidValue])
        #expect(throws: result.errors[0]) {
            try SettingsFileFormat.parse(text: text, file: "/x/settings.conf", homeDirectory: nil)
        }
    }

    @Test("check finds no error in a good file and gives the same settings parse does")
    func checkAgreesWithParseOnAGoodFile() throws {
        let text = "volume = 0.25\nprofile = quiet\n"
        let result = SettingsFileFormat.check(text: text, file: "/x/settings.conf", homeDirectory: nil)
        #expect(result.errors.isEmpty)
        #expect(result.settings == (try SettingsFileFormat.parse(text: text, file: "/x/settings.conf", homeDirectory: nil)))
    }

    @Test("check on a path with no file is nil; on a directory it is one error naming the file")
    func checkReadsTheFile() {
        #expect(SettingsFileFormat.check(fileAt: "/nonexistent/inputclick/settings.conf", homeDirectory: nil) == nil)
        let errors = SettingsFileFormat.check(fileAt: "/tmp", homeDirectory: nil)
        #expect(errors?.count == 1)
        #expect(errors?.first?.kind == .unreadableFile)
    }
}
