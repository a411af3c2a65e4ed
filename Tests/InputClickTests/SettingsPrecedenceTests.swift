import InputClick
import Testing

/// The layers of the settings, lowest first: defaults, desktop, file, host, environment.
@Suite struct SettingsPrecedenceTests {
    let relativePath = "config/inputclick/settings.conf"
    let desktop = DesktopSettings(clicksEnabled: false, soundTheme: "ocean", profile: .quiet)

    @Test func theDesktopFillsInWhatTheFileLeavesOut() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.3\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment, desktop: { desktop })
        #expect(store.current == ClickSettings(clicksEnabled: false, volume: 0.3, profile: .quiet, soundTheme: "ocean"))
        #expect(store.desktopSettings == desktop)
        #expect(store.fileKeys == [.volume])
    }

    @Test func theFileWinsOverTheDesktopEvenWhenItSpellsTheDefault() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("# clicks = off\nclicks = on\n  profile = full\nsound-theme =\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment, desktop: { desktop })
        #expect(store.current == ClickSettings())
        #expect(store.fileKeys == [.clicks, .profile, .soundTheme])
    }

    @Test func hostOverridesSitOverTheFileAndUnderTheEnvironment() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.3\nprofile = quiet\n", to: relativePath)
        let store = SettingsStore(environment: directory.environment.merging(["INPUTCLICK_PROFILE": "silent"]) { $1 },
                                  desktop: { .none })
        try store.setHostOverride(.volume, to: "0.9")
        try store.setHostOverride(.profile, to: "full")
        #expect(store.current.volume == 0.9)
        #expect(store.current.profile == .silent)
        #expect(store.hostOverrideKeys == [.volume, .profile])
        // A reload of the file keeps the host's values over it.
        try directory.write("volume = 0.1\n", to: relativePath)
        #expect(try store.reload().get().volume == 0.9)
        store.clearHostOverride(.volume)
        #expect(store.current.volume == 0.1)
        #expect(store.hostOverrideKeys == [.profile])
    }

    @Test func aBadHostValueIsRefusedByNameAndChangesNothing() throws {
        let store = SettingsStore(filePath: "/nonexistent/settings.conf", environment: [:], desktop: { .none })
        #expect(throws: SettingsError.self) { try store.setHostOverride(.volume, to: "2") }
        do {
            try store.setHostOverride(.profile, to: "loud")
            Issue.record("a bad profile was accepted")
        } catch {
            #expect(error.description == "host setting profile must be one of full, quiet, silent, not 'loud'")
        }
        #expect(store.current == ClickSettings())
        #expect(store.hostOverrideKeys.isEmpty)
    }

    @Test func theDesktopIsReadAgainOnReload() throws {
        let directory = try SettingsTemporaryDirectory()
        let box = DesktopBox()
        let store = SettingsStore(environment: directory.environment, desktop: { box.value })
        #expect(store.current.clicksEnabled)
        box.value = DesktopSettings(clicksEnabled: false)
        #expect(try store.reload().get().clicksEnabled == false)
    }

    @Test func theDesktopSwitchVariableTurnsTheLookupOff() {
        #expect(DesktopSettings.isEnabled(in: [:]))
        #expect(DesktopSettings.isEnabled(in: ["INPUTCLICK_DESKTOP_SETTINGS": "on"]))
        #expect(!DesktopSettings.isEnabled(in: ["INPUTCLICK_DESKTOP_SETTINGS": "off"]))
        #expect(DesktopSettings.read(environment: ["INPUTCLICK_DESKTOP_SETTINGS": "off"]) == .none)
    }

    @Test func aDesktopSwitchThatIsNeitherOnNorOffIsAnErrorAndLeavesTheDesktopOut() throws {
        let garbage: ProcessEnvironment = ["INPUTCLICK_DESKTOP_SETTINGS": "garbage"]
        #expect(!DesktopSettings.isEnabled(in: garbage))
        let error = try #require(DesktopSettings.switchError(in: garbage))
        #expect(error.description == "environment: INPUTCLICK_DESKTOP_SETTINGS must be on or off (or true/false, yes/no, 1/0), "
                                     + "not 'garbage'; the desktop's settings are not read")
        for word in ["on", "OFF", "yes", "0", ""] {
            #expect(DesktopSettings.switchError(in: ["INPUTCLICK_DESKTOP_SETTINGS": word]) == nil, "\(word)")
        }
        let directory = try SettingsTemporaryDirectory()
        var environment = directory.environment
        environment["INPUTCLICK_DESKTOP_SETTINGS"] = "garbage"
        let store = SettingsStore(environment: environment)
        #expect(store.environmentError == error)
        #expect(store.lastError == error)
        #expect(store.desktopSettings == .none)
    }

    @Test func soundThemeIsAKeyOfTheFileAndTheEnvironment() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("sound-theme = ocean\n", to: relativePath)
        #expect(SettingsStore(environment: directory.environment).current.soundTheme == "ocean")
        let overridden = SettingsStore(environment: directory.environment.merging(["INPUTCLICK_SOUND_THEME": "forest"]) { $1 })
        #expect(overridden.current.soundTheme == "forest")
        try directory.write("sound-theme = ../escape\n", to: relativePath)
        let refused = SettingsStore(environment: directory.environment)
        #expect(refused.lastError?.problem == "sound-theme must be a sound theme's name (such as freedesktop), or empty for none, not '../escape'")
    }
}

/// A desktop value a test changes between reads.
private final class DesktopBox: @unchecked Sendable {
    var value = DesktopSettings.none
}
