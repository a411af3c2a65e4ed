/// The settings file: where it lives and how it is written.
///
/// ## Location
/// `$XDG_CONFIG_HOME/inputclick/settings.conf`. When `XDG_CONFIG_HOME` is
/// unset, empty or not an absolute path (the XDG Base Directory rule), it is
/// `$HOME/.config/inputclick/settings.conf`. `INPUTCLICK_CONFIG` names another
/// file instead (see ``SettingsLocation``). A missing file means every default.
///
/// ## Syntax
/// UTF-8 text, one setting per line:
///
/// ```
/// # Quieter clicks, and a short duck under music.
/// clicks = on
/// volume = 0.6
/// profile = quiet
/// sound-pack = ~/sounds/typewriter
/// duck-depth-db = -9
/// ```
///
/// - A line is `key = value`. Spaces around the key and the value are ignored;
///   the value is everything after the first `=`, with no quoting.
/// - A line whose first non-blank character is `#` is a comment. A `#` after a
///   value is part of the value, so put comments on their own lines.
/// - Blank lines are ignored. Lines end with LF or CRLF; a leading byte-order mark is ignored.
/// - Keys are lower case and each may appear once. Word values (`on`, `quiet`)
///   ignore case. Numbers are plain decimals (`0.5`, `-12`), without exponents.
///
/// ## Keys
/// | Key | Value | Default |
/// |---|---|---|
/// | `clicks` | `on`/`off`, `true`/`false`, `yes`/`no`, `1`/`0` | `on` |
/// | `volume` | 0 to 1, mapped perceptually (cubic, 60 dB span) | `0.8` |
/// | `profile` | `full`, `quiet` (10 dB lower) or `silent` | `full` |
/// | `sound-pack` | a directory of `key.wav`, `delete.wav`, …; `~` and `~/…` expand to the home directory; a relative path is relative to the settings file's directory; empty means the bundled sounds | empty |
/// | `sound-theme` | an XDG sound theme's name (see ``SoundTheme``); empty for none | the desktop's theme, else none |
/// | `latency` | `lowest`, `balanced` or `economy`: what a stream kept running on a sound server asks of its graph while a keyboard is visible (``ServerLatencyPolicy``) | `balanced` |
/// | `duck-depth-db` | −60 to 0: how far host streams drop while clicks sound | `-12` |
/// | `duck-attack-ms` | 0.1 to 100 | `5` |
/// | `duck-hold-ms` | 0 to 2000 | `150` |
/// | `duck-release-ms` | 1 to 5000 | `250` |
///
/// The file is one layer of several: the desktop's settings lie under it,
/// the host's overrides and the environment over it (see ``SettingsStore``).
/// Only the keys the file sets sit over the desktop's.
///
/// ## Errors
/// An unknown key, a repeated key, a line without `=`, a malformed value, a
/// value out of range, or a file that cannot be read (permission, a
/// directory, not a regular file, over 64 KiB, not UTF-8) is a
/// ``SettingsError`` naming the file, the line and the problem:
///
/// ```
/// /home/u/.config/inputclick/settings.conf:3: volume must be a number from 0 to 1, not 'loud'
/// ```
///
/// A file with any error is refused as a whole: nothing in it applies, and
/// the settings in force before (the defaults, on a first load) stay.
///
/// Loading stops at the first error; ``check(text:file:homeDirectory:)`` and
/// ``check(fileAt:homeDirectory:)`` list every one (`inputclick settings check`).
public enum SettingsFileFormat {
    /// The name of the settings file inside its directory: `settings.conf`.
    public static let fileName = "settings.conf"
    /// The directory inside the configuration home: `inputclick`.
    public static let directoryName = "inputclick"
    /// The largest settings file read: 64 KiB. Anything bigger is not a settings file.
    public static let maximumFileSize = 64 * 1024

    /// Parses the text of a settings file.
    ///
    /// Pure: it reads nothing but its arguments.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The file's path, used in error messages; a relative
    ///     `sound-pack` is resolved against its directory.
    ///   - homeDirectory: What `~` in `sound-pack` expands to; `nil` refuses `~`.
    /// - Returns: ``ClickSettings()`` with every key in `text` applied.
    /// - Throws: ``SettingsError`` for the first faulty line; then nothing applies.
    ///   ``check(text:file:homeDirectory:)`` lists every faulty line.
    public static func parse(text: String, file: String, homeDirectory: String?) throws(SettingsError) -> ClickSettings {
        try parse(text: text, file: file, home: SettingsHome(directory: homeDirectory))
    }

    /// ``parse(text:file:homeDirectory:)``, with the home directory as the store looked it up.
    static func parse(text: String, file: String, home: SettingsHome) throws(SettingsError) -> ClickSettings {
        let result = check(text: text, file: file, home: home)
        if let first = result.errors.first { throw first }
        return result.settings
    }

    /// Parses the text of a settings file to the end, collecting every faulty
    /// line instead of stopping at the first, for `inputclick settings check`
    /// and `doctor`.
    ///
    /// Pure: it reads nothing but its arguments.
    ///
    /// - Parameters: as for ``parse(text:file:homeDirectory:)``.
    /// - Returns: every error, in line order (empty for a good file), and the
    ///   settings with every good line applied. A host must not use those
    ///   settings when there is an error: the whole file is refused then.
    public static func check(text: String, file: String, homeDirectory: String?)
        -> (settings: ClickSettings, errors: [SettingsError]) {
        let result = check(text: text, file: file, home: SettingsHome(directory: homeDirectory))
        return (result.settings, result.errors)
    }

    static func check(text: String, file: String, home: SettingsHome)
        -> (settings: ClickSettings, errors: [SettingsError], lines: [SettingsKey: Int]) {
        var settings = ClickSettings()
        var errors: [SettingsError] = []
        var firstLine: [SettingsKey: Int] = [:]
        let baseDirectory = parentDirectory(of: file)
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body.removeFirst() }
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let line = trimmed(rawLine)
            if line.isEmpty || line.first == "#" { continue }
            func fail(_ kind: SettingsError.Kind, _ problem: String) {
                errors.append(SettingsError(kind: kind, file: file, line: lineNumber, problem: problem))
            }
            guard let equals = line.firstIndex(of: "=") else {
                fail(.syntax, "expected 'key = value', found \(SettingsValueSyntax.quoted(String(line)))")
                continue
            }
            let name = String(trimmed(line[..<equals]))
            let valueText = String(trimmed(line[line.index(after: equals)...]))
            guard !name.isEmpty else {
                fail(.syntax, "expected a key before '=', found \(SettingsValueSyntax.quoted(String(line)))")
                continue
            }
            guard let key = SettingsKey(rawValue: name) else {
                fail(.unknownKey, unknownKeyProblem(name))
                continue
            }
            if let first = firstLine[key] {
                fail(.duplicateKey, "duplicate key '\(key)' (first set on line \(first))")
                continue
            }
            firstLine[key] = lineNumber
            switch key.parse(valueText, baseDirectory: baseDirectory, home: home) {
            case .success(let value): key.assign(value, to: &settings)
            case .failure(let problem): fail(.invalidValue, "\(key) \(problem.text)")
            }
        }
        return (settings, errors, firstLine)
    }

    /// Reads and checks the settings file at `path`, collecting every error:
    /// one for a file that cannot be read (permission, a directory, over
    /// 64 KiB, not UTF-8), else one per faulty line.
    ///
    /// With `themeSearchPath`, it also reports each good `sound-theme` or
    /// `sound-pack` line naming a source that is not there
    /// (``SettingsError/Kind/missingSound``): a host does not refuse the file
    /// for it but plays the bundled sounds, so `settings check` counts it as a
    /// problem while `doctor` only warns (a pack on a removable disk may be
    /// missing for a while).
    ///
    /// - Returns: `nil` when there is no file at `path` (every default
    ///   applies); else the errors, empty for a good file.
    ///
    /// Blocks only for the file read (and the
    /// theme and pack look-ups with `themeSearchPath`).
    public static func check(fileAt path: String, homeDirectory: String?,
                             themeSearchPath: SoundThemeSearchPath? = nil) -> [SettingsError]? {
        let text: String?
        do {
            text = try SettingsFileReader.read(path: path)
        } catch {
            return [error]
        }
        guard let text else { return nil }
        let result = check(text: text, file: path, home: SettingsHome(directory: homeDirectory))
        guard let themeSearchPath else { return result.errors }
        let missing = missingSounds(result.settings, file: path, lines: result.lines, themeSearchPath: themeSearchPath)
        return (result.errors + missing).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    }

    /// Writes `settings` as a settings file that ``parse(text:file:homeDirectory:)``
    /// reads back to the same values, with a comment above each key saying what it accepts.
    public static func render(_ settings: ClickSettings) -> String {
        var text = "# InputClick settings: one 'key = value' per line; '#' starts a comment line.\n"
        for key in SettingsKey.allCases {
            text += "\n# \(key.accepted).\n\(key) = \(key.valueText(in: settings))\n"
        }
        return text
    }

    // MARK: Helpers

    private static func unknownKeyProblem(_ name: String) -> String {
        let normalized = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
        if let near = SettingsKey(rawValue: normalized) {
            return "unknown key \(SettingsValueSyntax.quoted(name)) (did you mean '\(near)'?)"
        }
        let known = SettingsKey.allCases.map(\.rawValue).joined(separator: ", ")
        return "unknown key \(SettingsValueSyntax.quoted(name)) (known keys: \(known))"
    }

    private static func trimmed(_ text: Substring) -> Substring {
        guard let start = text.firstIndex(where: { !$0.isWhitespace }),
              let end = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return text[start...end]
    }

    /// The directory part of `path`: `/a/b` for `/a/b/c`, `/` for `/c`, `.` for `c`.
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
