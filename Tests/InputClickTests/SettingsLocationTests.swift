import Foundation
import InputClick
import Testing

@Suite struct SettingsLocationTests {
    @Test func anAbsoluteXDGConfigHomeIsUsed() throws {
        let path = try SettingsLocation.defaultFilePath(environment: ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"])
        #expect(path == "/xdg/inputclick/settings.conf")
    }

    @Test func anEmptyXDGConfigHomeFallsBackToHome() throws {
        let path = try SettingsLocation.defaultFilePath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"])
        #expect(path == "/home/u/.config/inputclick/settings.conf")
    }

    @Test func aRelativeXDGConfigHomeIsIgnoredAsTheSpecificationSays() throws {
        let path = try SettingsLocation.defaultFilePath(environment: ["XDG_CONFIG_HOME": "config", "HOME": "/home/u"])
        #expect(path == "/home/u/.config/inputclick/settings.conf")
    }

    @Test func anUnsetXDGConfigHomeFallsBackToHome() throws {
        let path = try SettingsLocation.defaultFilePath(environment: ["HOME": "/home/u/"])
        #expect(path == "/home/u/.config/inputclick/settings.conf")
    }

    @Test func withoutAUsableHomeThePasswordDatabaseGivesAnAbsoluteHome() throws {
        let home = try #require(try SettingsLocation.homeDirectory(environment: ["HOME": "relative"]))
        #expect(home.hasPrefix("/"))
        #expect(try SettingsLocation.configHome(environment: [:]).hasSuffix("/.config"))
    }

    @Test func inputclickConfigNamesTheFileInstead() throws {
        let environment: ProcessEnvironment = ["INPUTCLICK_CONFIG": "/etc/click.conf", "XDG_CONFIG_HOME": "/xdg"]
        #expect(try SettingsLocation.filePath(environment: environment) == "/etc/click.conf")
    }

    @Test func inputclickConfigExpandsTildeAndResolvesRelativePaths() throws {
        #expect(try SettingsLocation.filePath(environment: ["INPUTCLICK_CONFIG": "~/my.conf", "HOME": "/home/u"])
                == "/home/u/my.conf")
        #expect(try SettingsLocation.filePath(environment: ["INPUTCLICK_CONFIG": "conf/my.conf"], currentDirectory: "/work")
                == "/work/conf/my.conf")
    }

    @Test func anEmptyInputclickConfigIsIgnored() throws {
        let environment: ProcessEnvironment = ["INPUTCLICK_CONFIG": "", "XDG_CONFIG_HOME": "/xdg"]
        #expect(try SettingsLocation.filePath(environment: environment) == "/xdg/inputclick/settings.conf")
    }

    @Test func aStoreWithoutAFileUsesTheResolvedLocation() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5", to: "config/inputclick/settings.conf")
        let store = SettingsStore(environment: directory.environment)
        #expect(store.filePath == directory.child("config/inputclick/settings.conf"))
        #expect(store.current.volume == 0.5)
    }

    @Test func aFileGivenToTheStoreWinsOverInputclickConfig() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5", to: "given.conf")
        try directory.write("volume = 0.1", to: "from-environment.conf")
        var environment = directory.environment
        environment["INPUTCLICK_CONFIG"] = directory.child("from-environment.conf")
        #expect(SettingsStore(environment: environment).current.volume == 0.1)
        let store = SettingsStore(filePath: directory.child("given.conf"), environment: environment)
        #expect(store.current.volume == 0.5)
    }

    // MARK: Values that are not UTF-8

    /// `/tmp/caf\xE9`: a Latin-1 path, as an old system might set it.
    private static let latin1Path: [UInt8] = Array("/tmp/caf".utf8) + [0xE9]

    private func environment(_ variables: [String: String], bytes: [String: [UInt8]]) throws -> ProcessEnvironment {
        var nonUTF8: [String: NonUTF8Text] = [:]
        for (name, value) in bytes { nonUTF8[name] = try #require(NonUTF8Text(value)) }
        return ProcessEnvironment(variables, nonUTF8Variables: nonUTF8)
    }

    @Test("a variable naming the settings file or its directory that is not UTF-8 is refused by name, with its bytes",
          arguments: ["XDG_CONFIG_HOME", "INPUTCLICK_CONFIG"])
    func aLocationVariableThatIsNotUTF8IsRefusedByName(variable: String) throws {
        let environment = try environment(["HOME": "/home/u"], bytes: [variable: Self.latin1Path])
        do {
            let path = try SettingsLocation.filePath(environment: environment)
            Issue.record("expected a refusal, got \(path)")
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(error.variable == variable)
            #expect(error.description.hasPrefix("environment: \(variable) is not UTF-8 text (byte 0xE9 at offset 8 of '/tmp/caf\\xE9')"),
                    "\(error)")
        }
    }

    @Test func aHomeThatIsNotUTF8IsRefusedWhenTheLocationNeedsItAndIgnoredWhenNot() throws {
        let environment = try environment([:], bytes: ["HOME": Self.latin1Path])
        #expect(throws: SettingsError.self) { try SettingsLocation.filePath(environment: environment) }
        var withXDG = environment
        withXDG.variables["XDG_CONFIG_HOME"] = "/xdg"
        #expect(try SettingsLocation.filePath(environment: withXDG) == "/xdg/inputclick/settings.conf")
    }

    @Test func aRelativeXDGConfigHomeThatIsNotUTF8IsIgnoredLikeAnyRelativeValue() throws {
        let environment = try environment(["HOME": "/home/u"], bytes: ["XDG_CONFIG_HOME": Array("caf".utf8) + [0xE9]])
        #expect(try SettingsLocation.filePath(environment: environment) == "/home/u/.config/inputclick/settings.conf")
    }

    @Test func aStoreWhoseLocationIsNotUTF8ReadsAndWatchesNothingAndSaysWhy() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.1", to: "home/.config/inputclick/settings.conf")
        var environment = try environment(directory.environment, bytes: ["XDG_CONFIG_HOME": Self.latin1Path])
        environment.variables["XDG_CONFIG_HOME"] = nil
        let store = SettingsStore(environment: environment)
        #expect(store.current == ClickSettings(), "no file applies, not even the one under HOME")
        let error = try #require(store.locationError)
        #expect(error.variable == "XDG_CONFIG_HOME")
        #expect(store.lastError == error)
        #expect(store.reload() == .failure(error))
        store.startWatching(onChange: { _ in }, onError: { _ in })
        #expect(!store.isWatching)
    }
}
