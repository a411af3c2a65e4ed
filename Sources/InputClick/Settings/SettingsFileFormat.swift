/// The settings file: where it lives and how it is written (README, *Settings*, has the key table).
///
/// It lives at `$XDG_CONFIG_HOME/inputclick/settings.conf`, else `$HOME/.config/…`, or where
/// `INPUTCLICK_CONFIG` says (``SettingsLocation``); a missing file means every default. It is UTF-8 text,
/// one `key = value` per line; `#` starts a comment only as a line's first non-blank character; each key
/// appears once; word values ignore case; numbers are plain decimals.
///
/// Any error (unknown or repeated key, a line without `=`, a bad value, an unreadable file) is a
/// ``SettingsError`` naming file and line, and refuses the whole file. Loading stops at the first error;
/// ``check(text:file:homeDirectory:)`` lists every one (`inputclick settings check`).
public enum SettingsFileFormat {
    public static let fileName = "settings.conf"
    public static let directoryName = "inputclick"
    /// Anything bigger is not a settings file.
    public static let maximumFileSize = 64 * 1024

    /// Pure: it reads nothing but its arguments.
    ///
    /// - Parameters:
    ///   - file: Named in error messages; a relative `sound-pack` is resolved against its directory.
    ///   - homeDirectory: What `~` in `sound-pack` expands to; `nil` refuses `~`.
    /// - Returns: ``ClickSettings()`` with every key in `text` applied.
    /// - Throws: ``SettingsError`` for the first faulty line; then nothing applies.
    public static func parse(text: String, file: String, homeDirectory: String?) throws(SettingsError) -> ClickSettings {
        try parse(text: text, file: file, home: SettingsHome(directory: homeDirectory))
    }

    static func parse(text: String, file: String, home: SettingsHome) throws(SettingsError) -> ClickSettings {
        let result = check(text: text, file: file, home: home)
        if let first = result.errors.first { throw first }
        return result.settings
    }

    /// Parses to the end, collecting every faulty line (for `settings check` and `doctor`). The settings
    /// returned have every good line applied; a host must not use them when there is an error.
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

    /// Reads and checks the file at `path`: one error for a file that cannot be read, else one per faulty
    /// line; `nil` when there is no file. With `themeSearchPath`, it also reports a `sound-theme` or
    /// `sound-pack` naming a source that is not there (``SettingsError/Kind/missingSound``), which a host
    /// does not refuse the file for.
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

    /// A file that ``parse(text:file:homeDirectory:)`` reads back to the same values, with a comment above each key.
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

    /// `/a/b` for `/a/b/c`, `/` for `/c`, `.` for `c`.
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
