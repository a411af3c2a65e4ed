import InputClick
import Testing

@Suite struct SettingsParseErrorTests {
    private let file = "/home/u/.config/inputclick/settings.conf"

    /// The error `text` raises, or `nil` when it parses.
    private func parseError(_ text: String, home: String? = "/home/u") -> SettingsError? {
        do {
            _ = try SettingsStore.parse(text: text, file: file, homeDirectory: home)
            return nil
        } catch {
            return error
        }
    }

    @Test func aLineWithoutEqualsIsASyntaxErrorOnThatLine() throws {
        let error = try #require(parseError("clicks = on\n\nvolume 0.5\n"))
        #expect(error.kind == .syntax)
        #expect(error.file == file)
        #expect(error.line == 3)
        #expect(error.description == "\(file):3: expected 'key = value', found 'volume 0.5'")
    }

    @Test func aLineWithNothingBeforeEqualsIsASyntaxError() throws {
        let error = try #require(parseError("= 0.5"))
        #expect(error.kind == .syntax)
        #expect(error.description == "\(file):1: expected a key before '=', found '= 0.5'")
    }

    @Test func anUnknownKeyIsNamedWithTheKnownKeys() throws {
        let error = try #require(parseError("# hi\nvolum = 0.5"))
        #expect(error.kind == .unknownKey)
        #expect(error.description == "\(file):2: unknown key 'volum' (known keys: clicks, volume, profile, sound-pack, sound-theme, latency, duck-depth-db, duck-attack-ms, duck-hold-ms, duck-release-ms)")
    }

    @Test func aKeyInTheWrongCaseOrWithUnderscoresGetsASuggestion() throws {
        #expect(parseError("Volume = 0.5")?.description == "\(file):1: unknown key 'Volume' (did you mean 'volume'?)")
        #expect(parseError("duck_depth_db = -3")?.description == "\(file):1: unknown key 'duck_depth_db' (did you mean 'duck-depth-db'?)")
    }

    @Test func aRepeatedKeyNamesBothLines() throws {
        let error = try #require(parseError("volume = 0.5\nclicks = on\n# again\nvolume = 0.6"))
        #expect(error.kind == .duplicateKey)
        #expect(error.description == "\(file):4: duplicate key 'volume' (first set on line 1)")
    }

    @Test func theExampleFromTheDocumentationReadsExactly() {
        #expect(parseError("clicks = on\nprofile = full\nvolume = loud")?.description
                == "/home/u/.config/inputclick/settings.conf:3: volume must be a number from 0 to 1, not 'loud'")
    }

    @Test(arguments: [
        ("clicks = maybe", "clicks must be on or off (or true/false, yes/no, 1/0), not 'maybe'"),
        ("volume = 1.01", "volume must be a number from 0 to 1, not '1.01'"),
        ("volume = -0.1", "volume must be a number from 0 to 1, not '-0.1'"),
        ("volume =", "volume must be a number from 0 to 1, not ''"),
        ("profile = loud", "profile must be one of full, quiet, silent, not 'loud'"),
        ("duck-depth-db = 3", "duck-depth-db must be a number from -60 to 0, not '3'"),
        ("duck-depth-db = -61", "duck-depth-db must be a number from -60 to 0, not '-61'"),
        ("duck-attack-ms = 0", "duck-attack-ms must be a number from 0.1 to 100, not '0'"),
        ("duck-attack-ms = 100.5", "duck-attack-ms must be a number from 0.1 to 100, not '100.5'"),
        ("duck-hold-ms = 2001", "duck-hold-ms must be a number from 0 to 2000, not '2001'"),
        ("duck-release-ms = 0.5", "duck-release-ms must be a number from 1 to 5000, not '0.5'"),
        ("duck-release-ms = 5001", "duck-release-ms must be a number from 1 to 5000, not '5001'"),
        ("sound-pack = ~bob/sounds", "sound-pack must be a directory path ('~' expands only as '~' or '~/…'), not '~bob/sounds'"),
    ])
    func aBadOrOutOfRangeValueNamesTheKeyTheRangeAndTheValue(line: String, problem: String) throws {
        let error = try #require(parseError("# settings\n\(line)\n"))
        #expect(error.kind == .invalidValue)
        #expect(error.line == 2)
        #expect(error.problem == problem)
        #expect(error.description == "\(file):2: \(problem)")
    }

    @Test(arguments: ["nan", "inf", "1e-1", "0x1", "0.5.5", "--1", "1-", ".", "½", "0,5"])
    func numbersOtherThanPlainDecimalsAreRefused(text: String) {
        #expect(parseError("volume = \(text)")?.kind == .invalidValue)
    }

    @Test func aTrailingCommentGetsAHint() {
        #expect(parseError("volume = 0.5 # softer")?.problem
                == "volume must be a number from 0 to 1, not '0.5 # softer' (a comment must be on a line of its own)")
    }

    @Test func tildeCannotExpandWithoutAHomeDirectory() {
        #expect(parseError("sound-pack = ~/x", home: nil)?.problem
                == "sound-pack must be a path, but '~' cannot expand because the home directory is unknown")
    }

    @Test func controlCharactersInAValueAreEscapedInTheMessage() {
        #expect(parseError("profile = lo\u{1B}[2Jud")?.problem == "profile must be one of full, quiet, silent, not 'lo\\u{1b}[2Jud'")
    }

    @Test func c1ControlsAndLineSeparatorsAreEscapedInTheMessageToo() {
        // Found by Fuzz/settings_fuzz.swift: U+0080 to U+009F (NEL, the one-byte
        // CSI) and U+2028/U+2029 went into the message as they were.
        #expect(parseError("profile = a\u{85}b\u{9B}2Jc")?.problem == "profile must be one of full, quiet, silent, not 'a\\u{85}b\\u{9b}2Jc'")
        #expect(parseError("x\u{2028}y")?.description == "\(file):1: expected 'key = value', found 'x\\u{2028}y'")
        #expect(parseError("volume = 1\u{2029}2")?.problem == "volume must be a number from 0 to 1, not '1\\u{2029}2'")
    }

    @Test func theFirstBadLineIsTheOneReported() {
        #expect(parseError("volume = 2\nprofile = loud")?.line == 1)
    }
}
