/// How single values are spelled, shared by the file and the environment so both accept the same text.
enum SettingsValueSyntax {
    /// A plain decimal (`0.5`, `-12`, `.25`, `100.`); exponents, `inf`, `nan` and hexadecimal are refused so
    /// a typo cannot become a surprising value. `-0` reads as 0.
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

    /// In the order messages list them.
    static let booleanWords: [(word: String, value: Bool)] = [
        ("on", true), ("off", false), ("true", true), ("false", false),
        ("yes", true), ("no", false), ("1", true), ("0", false),
    ]

    /// `on`/`off`, `true`/`false`, `yes`/`no` or `1`/`0`, ignoring case.
    static func boolean(_ text: String) -> Bool? {
        let lowered = text.lowercased()
        return booleanWords.first(where: { $0.word == lowered })?.value
    }

    enum PathReading: Equatable {
        /// Empty: use the bundled sounds.
        case none
        /// Absolute.
        case path(String)
        /// The text follows "must be …".
        case refused(String)
    }

    /// Empty means none; `~` expands to `home`; a relative path is relative to `baseDirectory`. A control
    /// character is refused: the system would cut the path at a NUL, and printed it could steer the terminal.
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

    /// A directory name under `sounds`: no `/`, not `.`, `..` or hidden, no control characters.
    static func isThemeName(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(".") && !text.contains("/")
            && !text.unicodeScalars.contains(where: { $0.isEscapedInMessages })
    }

    /// Without doubling a slash.
    static func joined(_ directory: String, _ component: String) -> String {
        if component.isEmpty { return directory }
        return directory.hasSuffix("/") ? directory + component : directory + "/" + component
    }

    /// Single-quoted for a message, control characters escaped and long values shortened, so it stays one line.
    static func quoted(_ text: String) -> String {
        "'" + text.escapingControlCharacters(limit: 80) + "'"
    }
}
