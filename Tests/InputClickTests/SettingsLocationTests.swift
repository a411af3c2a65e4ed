import Foundation
import InputClick
import Testing

@Suite struct SettingsLocationTests {
    @Test func anAbsoluteXDGConfigHomeIsUsed() {
        let url = SettingsLocation.defaultFileURL(environment: ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"])
        #expect(url.path == "/xdg/inputclick/settings.conf")
    }

    @Test func anEmptyXDGConfigHomeFallsBackToHome() {
        let url = SettingsLocation.defaultFileURL(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"])
        #expect(url.path == "/home/u/.config/inputclick/settings.conf")
    }

    @Test func aRelativeXDGConfigHomeIsIgnoredAsTheSpecificationSays() {
        let url = SettingsLocation.defaultFileURL(environment: ["XDG_CONFIG_HOME": "config", "HOME": "/home/u"])
        #expect(url.path == "/home/u/.config/inputclick/settings.conf")
    }

    @Test func anUnsetXDGConfigHomeFallsBackToHome() {
        let url = SettingsLocation.defaultFileURL(environment: ["HOME": "/home/u/"])
        #expect(url.path == "/home/u/.config/inputclick/settings.conf")
    }

    @Test func withoutAUsableHomeThePasswordDatabaseGivesAnAbsoluteHome() throws {
        let home = try #require(SettingsLocation.homeDirectory(environment: ["HOME": "relative"]))
        #expect(home.hasPrefix("/"))
        #expect(SettingsLocation.configHome(environment: [:]).hasSuffix("/.config"))
    }

    @Test func inputclickConfigNamesTheFileInstead() {
        let environment = ["INPUTCLICK_CONFIG": "/etc/click.conf", "XDG_CONFIG_HOME": "/xdg"]
        #expect(SettingsLocation.fileURL(environment: environment).path == "/etc/click.conf")
    }

    @Test func inputclickConfigExpandsTildeAndResolvesRelativePaths() {
        #expect(SettingsLocation.fileURL(environment: ["INPUTCLICK_CONFIG": "~/my.conf", "HOME": "/home/u"]).path
                == "/home/u/my.conf")
        #expect(SettingsLocation.fileURL(environment: ["INPUTCLICK_CONFIG": "conf/my.conf"], currentDirectory: "/work").path
                == "/work/conf/my.conf")
    }

    @Test func anEmptyInputclickConfigIsIgnored() {
        let environment = ["INPUTCLICK_CONFIG": "", "XDG_CONFIG_HOME": "/xdg"]
        #expect(SettingsLocation.fileURL(environment: environment).path == "/xdg/inputclick/settings.conf")
    }

    @Test func aStoreWithoutAFileUsesTheResolvedLocation() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5", to: "config/inputclick/settings.conf")
        let store = SettingsStore(environment: directory.environment)
        #expect(store.fileURL.path == directory.child("config/inputclick/settings.conf"))
        #expect(store.current.volume == 0.5)
    }

    @Test func aFileGivenToTheStoreWinsOverInputclickConfig() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5", to: "given.conf")
        try directory.write("volume = 0.1", to: "from-environment.conf")
        var environment = directory.environment
        environment["INPUTCLICK_CONFIG"] = directory.child("from-environment.conf")
        #expect(SettingsStore(environment: environment).current.volume == 0.1)
        let store = SettingsStore(fileURL: URL(fileURLWithPath: directory.child("given.conf")), environment: environment)
        #expect(store.current.volume == 0.5)
    }
}
