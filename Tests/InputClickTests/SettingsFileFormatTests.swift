import InputClick
import Testing

@Suite struct SettingsFileFormatTests {
    private let file = "/cfg/inputclick/settings.conf"

    private func parse(_ text: String, home: String? = "/home/u") throws -> ClickSettings {
        try SettingsStore.parse(text: text, file: file, homeDirectory: home)
    }

    @Test func anEmptyFileGivesTheDefaults() throws {
        #expect(try parse("") == ClickSettings())
        #expect(try parse("\n\n   \n# only a comment\n") == ClickSettings())
    }

    @Test func everyKeyIsReadIntoItsField() throws {
        let settings = try parse("""
            clicks = off
            volume = 0.25
            profile = quiet
            sound-pack = /opt/packs/typewriter
            duck-depth-db = -20
            duck-attack-ms = 2.5
            duck-hold-ms = 80
            duck-release-ms = 400
            """)
        #expect(settings.clicksEnabled == false)
        #expect(settings.volume == 0.25)
        #expect(settings.profile == .quiet)
        #expect(settings.soundPackDirectory == "/opt/packs/typewriter")
        #expect(settings.ducking == DuckingParameters(depthDecibels: -20, attackMilliseconds: 2.5,
                                                      holdMilliseconds: 80, releaseMilliseconds: 400))
    }

    @Test(arguments: [("on", true), ("off", false), ("true", true), ("false", false), ("yes", true),
                      ("no", false), ("1", true), ("0", false), ("ON", true), ("False", false)])
    func everyBooleanSpellingOfClicksIsAccepted(word: String, expected: Bool) throws {
        #expect(try parse("clicks = \(word)").clicksEnabled == expected)
    }

    @Test(arguments: [("full", ClickProfile.full), ("quiet", .quiet), ("silent", .silent), ("Quiet", .quiet)])
    func everyProfileNameIsAccepted(name: String, expected: ClickProfile) throws {
        #expect(try parse("profile = \(name)").profile == expected)
    }

    @Test(arguments: SettingsKey.allCases.filter { $0.range != nil })
    func bothEndsOfEveryNumericRangeAreAccepted(key: SettingsKey) throws {
        let range = try #require(key.range)
        for bound in [range.lowerBound, range.upperBound] {
            let settings = try parse("\(key) = \(bound)")
            #expect(Double(key.valueText(in: settings)) == bound)
        }
    }

    @Test func numbersMayHaveASignOrALeadingPoint() throws {
        #expect(try parse("volume = .5").volume == 0.5)
        #expect(try parse("volume = +1").volume == 1)
        #expect(try parse("duck-depth-db = -0.5").ducking.depthDecibels == -0.5)
        #expect(try parse("duck-hold-ms = 100.").ducking.holdMilliseconds == 100)
    }

    @Test("minus zero reads as zero, in every numeric key and in the environment",
          arguments: SettingsKey.allCases.filter { $0.range?.contains(0) == true })
    func minusZeroReadsAsZero(key: SettingsKey) throws {
        for text in ["-0", "-0.0", "-.0", "-0."] {
            let fromFile = try parse("\(key) = \(text)")
            let fromEnvironment = try SettingsEnvironmentOverrides(environment: [key.environmentVariable: text])
                .applied(to: ClickSettings())
            for settings in [fromFile, fromEnvironment] {
                #expect(key.valueText(in: settings) == "0")
                #expect(settings == (try parse("\(key) = 0")), "\(key) = \(text)")
            }
        }
        let volume = try parse("volume = -0").volume
        #expect(volume == 0 && volume.sign == .plus)
    }

    @Test func spacesCommentsBlankLinesCRLFAndAByteOrderMarkAreIgnored() throws {
        let text = "\u{FEFF}# header\r\n\r\n   volume=0.5   \r\n\t# indented comment\r\n  profile   =   silent\r\n"
        let settings = try parse(text)
        #expect(settings.volume == 0.5)
        #expect(settings.profile == .silent)
    }

    @Test func soundPackExpandsTildeToTheHomeDirectory() throws {
        #expect(try parse("sound-pack = ~").soundPackDirectory == "/home/u")
        #expect(try parse("sound-pack = ~/sounds/soft/").soundPackDirectory == "/home/u/sounds/soft")
    }

    @Test func aRelativeSoundPackIsRelativeToTheSettingsFilesDirectory() throws {
        #expect(try parse("sound-pack = packs/soft").soundPackDirectory == "/cfg/inputclick/packs/soft")
    }

    @Test func anEmptySoundPackMeansTheBundledSounds() throws {
        #expect(try parse("sound-pack =").soundPackDirectory == nil)
        #expect(try parse("sound-pack =    ").soundPackDirectory == nil)
    }

    @Test func aValueMayContainEqualsSignsAndHashesAfterTheFirstEquals() throws {
        #expect(try parse("sound-pack = /a=b/#c").soundPackDirectory == "/a=b/#c")
    }

    @Test func renderedSettingsReadBackToTheSameValues() throws {
        let custom = ClickSettings(clicksEnabled: false, volume: 0.35, profile: .quiet,
                                   soundPackDirectory: "/opt/packs/soft",
                                   ducking: DuckingParameters(depthDecibels: -7.5, attackMilliseconds: 0.1,
                                                              holdMilliseconds: 0, releaseMilliseconds: 5000))
        for settings in [ClickSettings(), custom] {
            let text = SettingsFileFormat.render(settings)
            #expect(try parse(text) == settings)
        }
        #expect(SettingsFileFormat.render(ClickSettings()).contains("duck-depth-db = -12\n"))
    }

    @Test func renderedSmallNumbersArePlainDecimalsThatReadBack() throws {
        // Found by Fuzz/settings_fuzz.swift: render wrote 0.000001 as 1e-06,
        // which the file's number syntax refuses.
        let settings = ClickSettings(volume: 0.000001, ducking: DuckingParameters(
            depthDecibels: -0.00001234, attackMilliseconds: 0.1, holdMilliseconds: 0.00000000015, releaseMilliseconds: 1))
        let text = SettingsFileFormat.render(settings)
        #expect(text.contains("volume = 0.000001\n"))
        #expect(text.contains("duck-depth-db = -0.00001234\n"))
        #expect(text.contains("duck-hold-ms = 0.00000000015\n"))
        #expect(try parse(text) == settings)
    }

    @Test func aSoundPackWhoseNameEndsInASpaceSurvivesRenderAndParse() throws {
        // Found by Fuzz/settings_fuzz.swift: "sound-pack = /packs/soft /" reads
        // as "/packs/soft ", which render wrote bare, and the trailing space
        // was trimmed when it was read again.
        let settings = try parse("sound-pack = /packs/soft /")
        #expect(settings.soundPackDirectory == "/packs/soft ")
        #expect(SettingsFileFormat.render(settings).contains("sound-pack = /packs/soft /\n"))
        #expect(try parse(SettingsFileFormat.render(settings)) == settings)
    }

    @Test func everyKeyHasItsDocumentedEnvironmentVariable() {
        #expect(SettingsKey.allCases.map(\.environmentVariable) == [
            "INPUTCLICK_CLICKS", "INPUTCLICK_VOLUME", "INPUTCLICK_PROFILE", "INPUTCLICK_SOUND_PACK", "INPUTCLICK_SOUND_THEME",
            "INPUTCLICK_LATENCY", "INPUTCLICK_DUCK_DEPTH_DB", "INPUTCLICK_DUCK_ATTACK_MS", "INPUTCLICK_DUCK_HOLD_MS",
            "INPUTCLICK_DUCK_RELEASE_MS",
        ])
    }
}
