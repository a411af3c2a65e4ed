/// How single values are spelled, shared by the settings file and the
/// environment variables, so both accept exactly the same text.
enum SettingsValueSyntax {
    /// Parses a plain decimal number: an optional sign, digits, and an
    /// optional fraction (`0.5`, `-12`, `.25`, `100.`). Exponents, `inf`,
    /// `nan` and hexadecimal are refused, so a typo cannot turn into a
    /// surprising value. `-0` reads as 0, so that it behaves and prints
    /// exactly as `0` does.
    static func number(_ text: String) -> Double? {
        var digits = 0, points = 0
        for (index, character) in text.enumerated() {
            switch character {
            case "+" where index == 0, "-" where index == 0: continue
            case "0"..."9": digits += 1
            case ".": points += 1
            default: return nil
            }
        }
        guard digits > 0, points <= 1, let value = Double(text), value.isFinite else { return nil }
        return value == 0 ? 0 : value
    }

    /// The words accepted as booleans, in the order they are listed in messages.
    static let booleanWords: [(word: String, value: Bool)] = [
        ("on", true), ("off", false), ("true", true), ("false", false),
        ("yes", true), ("no", false), ("1", true), ("0", false),
    ]

    /// Parses `on`/`off`, `true`/`false`, `yes`/`no` or `1`/`0`, ignoring case.
    static func boolean(_ text: String) -> Bool? {
        let lowered = text.lowercased()
        return booleanWords.first(where: { $0.word == lowered })?.value
    }

    /// The outcome of reading a directory path.
    enum PathReading: Equatable {
        /// The value was empty: use the bundled sounds.
        case none
        /// An absolute path.
        case path(String)
        /// The value cannot be used; the text says why (it follows "must be …").
        case refused(String)
    }

    /// Reads a directory path. Empty means none; `~` and `~/…` expand to
    /// `home`; a relative path is taken relative to `baseDirectory`. A path
    /// holding a control character (NUL, escape, a line break…) is refused:
    /// the system would cut it at a NUL, so another directory would be read,
    /// and printed it could steer the terminal.
    static func directoryPath(_ text: String, baseDirectory: String, home: SettingsHome) -> PathReading {
        if text.isEmpty { return .none }
        if text.unicodeScalars.contains(where: { $0.isEscapedInMessages }) {
            return .refused("a directory path without control characters, not \(quoted(text))")
        }
        var path = text
        if text == "~" || text.hasPrefix("~/") {
            guard let home = home.directory else {
                return .refused("a path, but '~' cannot expand because \(home.problem)")
            }
            path = joined(home, String(text.dropFirst(text == "~" ? 1 : 2)))
        } else if text.hasPrefix("~") {
            return .refused("a directory path ('~' expands only as '~' or '~/…'), not \(quoted(text))")
        } else if !text.hasPrefix("/") {
            path = joined(baseDirectory, text)
        }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return .path(path)
    }

    /// Whether `text` can name a sound theme: a directory name under a
    /// `sounds` directory, so no `/`, not `.` or `..`, not hidden, and no
    /// control characters.
    static func isThemeName(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(".") && !text.contains("/")
            && !text.unicodeScalars.contains(where: { $0.isEscapedInMessages })
    }

    /// `directory/component`, without doubling a slash.
    static func joined(_ directory: String, _ component: String) -> String {
        if component.isEmpty { return directory }
        return directory.hasSuffix("/") ? directory + component : directory + "/" + component
    }

    /// The value in single quotes for an error message: control characters and
    /// line separators are escaped (see `Unicode.Scalar.isEscapedInMessages`)
    /// and very long values are shortened, so the message stays one readable line.
    static func quoted(_ text: String) -> String {
        "'" + text.escapingControlCharacters(limit: 80) + "'"
    }
}
