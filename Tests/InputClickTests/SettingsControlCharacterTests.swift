import InputClick
import Testing

/// A sound-pack path holding a control character is refused, in the file (by
/// line) and in `INPUTCLICK_SOUND_PACK`: the system would cut the path at a
/// NUL and read another directory, and printed raw it could steer the
/// terminal. The message shows the character escaped.
@Suite("Control characters in a sound-pack path")
struct SettingsControlCharacterTests {
    static let characters: [(character: String, escaped: String)] = [
        ("\u{0}", "\\u{0}"), ("\u{1b}", "\\u{1b}"), ("\u{7}", "\\u{7}"), ("\t", "\\u{9}"), ("\u{7f}", "\\u{7f}"),
        ("\u{9b}", "\\u{9b}"), ("\u{2028}", "\\u{2028}"),
    ]

    @Test("a control character in the file's sound-pack value is an error on its line", arguments: characters)
    func inTheFile(character: String, escaped: String) {
        let text = "volume = 0.5\nsound-pack = /tmp/pack\(character)x\n"
        let result = SettingsFileFormat.check(text: text, file: "/x/settings.conf", homeDirectory: nil)
        #expect(result.errors.map(\.line) == [2])
        let error = result.errors.first
        #expect(error?.description
                == "/x/settings.conf:2: sound-pack must be a directory path without control characters, not '/tmp/pack\(escaped)x'")
        #expect(error?.description.unicodeScalars.contains { $0.properties.generalCategory == .control } == false)
    }

    @Test("a control character in INPUTCLICK_SOUND_PACK refuses the environment layer, naming the variable",
          arguments: characters.filter { $0.character != "\u{0}" })
    func inTheEnvironment(character: String, escaped: String) {
        #expect(throws: SettingsError(kind: .invalidValue, variable: "INPUTCLICK_SOUND_PACK",
                                      problem: "INPUTCLICK_SOUND_PACK must be a directory path without control characters, "
                                          + "not '/tmp/pack\(escaped)x'")) {
            try SettingsEnvironmentOverrides(environment: ["INPUTCLICK_SOUND_PACK": "/tmp/pack\(character)x"])
        }
    }

    @Test("printing escapes every control character and line separator, and nothing else")
    func escaping() {
        #expect("a\u{0}b\u{1b}[31mc\u{2029}é✓".escapingControlCharacters() == "a\\u{0}b\\u{1b}[31mc\\u{2029}é✓")
        #expect("abcdef".escapingControlCharacters(limit: 3) == "abc…")
    }
}
