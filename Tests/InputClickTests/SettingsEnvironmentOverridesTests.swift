import Foundation
import InputClick
import Testing

@Suite struct SettingsEnvironmentOverridesTests {
    private let fileText = """
        clicks = on
        volume = 0.5
        profile = full
        sound-pack = /from/file
        sound-theme = file-theme
        duck-depth-db = -12
        duck-attack-ms = 5
        duck-hold-ms = 150
        duck-release-ms = 250
        """

    private func store(_ variables: [String: String]) throws -> (SettingsStore, SettingsTemporaryDirectory) {
        let directory = try SettingsTemporaryDirectory()
        try directory.write(fileText, to: "config/inputclick/settings.conf")
        let environment = directory.environment.merging(variables) { _, new in new }
        return (SettingsStore(environment: environment), directory)
    }

    @Test func everyVariableOverridesTheFile() throws {
        let (store, _) = try store([
            "INPUTCLICK_CLICKS": "no", "INPUTCLICK_VOLUME": "0.2", "INPUTCLICK_PROFILE": "silent",
            "INPUTCLICK_SOUND_PACK": "/from/env", "INPUTCLICK_SOUND_THEME": "env-theme", "INPUTCLICK_DUCK_DEPTH_DB": "-30",
            "INPUTCLICK_DUCK_ATTACK_MS": "1", "INPUTCLICK_DUCK_HOLD_MS": "0", "INPUTCLICK_DUCK_RELEASE_MS": "900",
            "INPUTCLICK_LATENCY": "economy",
        ])
        #expect(store.lastError == nil)
        #expect(store.current == ClickSettings(
            clicksEnabled: false, volume: 0.2, profile: .silent, soundPackDirectory: "/from/env",
            ducking: DuckingParameters(depthDecibels: -30, attackMilliseconds: 1, holdMilliseconds: 0, releaseMilliseconds: 900),
            soundTheme: "env-theme", serverLatency: .economy))
        #expect(store.environmentOverrides.keys == SettingsKey.allCases)
    }

    @Test func keysWithoutAVariableKeepTheFilesValue() throws {
        let (store, _) = try store(["INPUTCLICK_VOLUME": "0.2"])
        #expect(store.current.volume == 0.2)
        #expect(store.current.soundPackDirectory == "/from/file")
        #expect(store.environmentOverrides.keys == [.volume])
    }

    @Test func anEmptyVariableCountsAsUnset() throws {
        let (store, _) = try store(["INPUTCLICK_VOLUME": "", "INPUTCLICK_SOUND_PACK": ""])
        #expect(store.lastError == nil)
        #expect(store.current.volume == 0.5)
        #expect(store.current.soundPackDirectory == "/from/file")
    }

    @Test func aBadVariableIsAnErrorNamingTheVariable() throws {
        let (store, _) = try store(["INPUTCLICK_VOLUME": "loud"])
        let error = try #require(store.environmentError)
        #expect(error.kind == .invalidValue)
        #expect(error.variable == "INPUTCLICK_VOLUME")
        #expect(error.file == nil)
        #expect(error.description == "environment: INPUTCLICK_VOLUME must be a number from 0 to 1, not 'loud'")
        #expect(store.lastError == error)
    }

    @Test func oneBadVariableDiscardsTheWholeEnvironmentLayer() throws {
        let (store, _) = try store(["INPUTCLICK_VOLUME": "0.1", "INPUTCLICK_DUCK_HOLD_MS": "forever"])
        #expect(store.environmentError?.variable == "INPUTCLICK_DUCK_HOLD_MS")
        #expect(store.environmentOverrides.keys.isEmpty)
        #expect(store.current.volume == 0.5)   // The file's value, not the good variable's.
    }

    @Test func theFirstBadVariableInKeyOrderIsReported() throws {
        #expect(throws: SettingsError(kind: .invalidValue, variable: "INPUTCLICK_PROFILE",
                                      problem: "INPUTCLICK_PROFILE must be one of full, quiet, silent, not 'x'")) {
            try SettingsEnvironmentOverrides(environment: ["INPUTCLICK_DUCK_HOLD_MS": "-1", "INPUTCLICK_PROFILE": "x"])
        }
    }

    @Test func aRelativeSoundPackVariableIsRelativeToTheCurrentDirectory() throws {
        let overrides = try SettingsEnvironmentOverrides(environment: ["INPUTCLICK_SOUND_PACK": "packs/soft"],
                                                         currentDirectory: "/work")
        #expect(overrides.applied(to: ClickSettings()).soundPackDirectory == "/work/packs/soft")
    }

    @Test func theEnvironmentStaysOnTopWhenTheFileIsBad() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 0.5\nprofile = loud\n", to: "config/inputclick/settings.conf")
        let store = SettingsStore(environment: directory.environment.merging(["INPUTCLICK_PROFILE": "quiet"]) { $1 })
        #expect(store.lastError?.line == 2)
        #expect(store.current == ClickSettings(profile: .quiet))   // Defaults, plus the environment.
    }

    @Test func aFileErrorIsReportedBeforeAnEnvironmentError() throws {
        let directory = try SettingsTemporaryDirectory()
        try directory.write("volume = 5\n", to: "config/inputclick/settings.conf")
        let store = SettingsStore(environment: directory.environment.merging(["INPUTCLICK_CLICKS": "sometimes"]) { $1 })
        #expect(store.lastError?.file == directory.child("config/inputclick/settings.conf"))
        #expect(store.environmentError?.variable == "INPUTCLICK_CLICKS")
        #expect(store.current == ClickSettings())
    }

    @Test("a variable that is not UTF-8 is refused by name, and the whole environment layer with it",
          arguments: SettingsKey.allCases)
    func aVariableThatIsNotUTF8IsRefusedByName(key: SettingsKey) throws {
        let raw = try #require(NonUTF8Text(Array("/tmp/pack".utf8) + [0xFF]))
        let environment = ProcessEnvironment(["INPUTCLICK_VOLUME": "0.1"], nonUTF8Variables: [key.environmentVariable: raw])
        do {
            _ = try SettingsEnvironmentOverrides(environment: environment)
            Issue.record("expected \(key.environmentVariable) to be refused")
        } catch {
            #expect(error.variable == key.environmentVariable)
            #expect(error.description.hasPrefix("environment: \(key.environmentVariable) is not UTF-8 text "
                                                + "(byte 0xFF at offset 9 of '/tmp/pack\\xFF')"), "\(error)")
        }
        let directory = try SettingsTemporaryDirectory()
        var storeEnvironment = environment
        for (name, value) in directory.environment { storeEnvironment.variables[name] = value }
        let store = SettingsStore(environment: storeEnvironment)
        #expect(store.environmentError?.variable == key.environmentVariable)
        #expect(store.current == ClickSettings())
    }

    @Test func aTildeSoundPackSaysWhyTildeCannotExpandWhenHomeIsNotUTF8() throws {
        let home = try #require(NonUTF8Text(Array("/home/caf".utf8) + [0xE9]))
        let environment = ProcessEnvironment(["INPUTCLICK_SOUND_PACK": "~/packs/soft"], nonUTF8Variables: ["HOME": home])
        do {
            _ = try SettingsEnvironmentOverrides(environment: environment, currentDirectory: "/work")
            Issue.record("expected INPUTCLICK_SOUND_PACK to be refused")
        } catch {
            #expect(error.variable == "INPUTCLICK_SOUND_PACK")
            #expect(error.problem.hasPrefix("INPUTCLICK_SOUND_PACK must be a path, but '~' cannot expand because "
                                            + "HOME is not UTF-8 text (byte 0xE9 at offset 9"), "\(error)")
        }
    }
}
