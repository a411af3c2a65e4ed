extension SettingsFileFormat {
    static let listedThemeLimit = 10

    /// The `sound-theme` and `sound-pack` lines (at `lines`) naming a source that is not there: a theme with
    /// no `index.theme` on the search path, or a pack that is not a directory.
    static func missingSounds(_ settings: ClickSettings, file: String, lines: [SettingsKey: Int],
                              themeSearchPath: SoundThemeSearchPath) -> [SettingsError] {
        var problems: [SettingsError] = []
        if let theme = settings.soundTheme, let line = lines[.soundTheme],
           let problem = missingThemeProblem(theme, searchPath: themeSearchPath) {
            problems.append(SettingsError(kind: .missingSound, file: file, line: line, problem: problem))
        }
        if let pack = settings.soundPackDirectory, let line = lines[.soundPack], !FilePaths.isDirectory(pack) {
            let what = FilePaths.isRegularFile(pack) ? "is not a directory" : "does not exist"
            problems.append(SettingsError(kind: .missingSound, file: file, line: line,
                                          problem: "sound-pack \(SettingsValueSyntax.quoted(pack)) \(what); "
                                              + "the pack's kinds play the theme's or the bundled sounds"))
        }
        return problems
    }

    /// `nil` when `theme` is found; else why not, naming the themes there are.
    public static func missingThemeProblem(_ theme: String, searchPath: SoundThemeSearchPath) -> String? {
        guard !SoundTheme.exists(theme, searchPath: searchPath) else { return nil }
        let installed = SoundTheme.installedThemes(searchPath: searchPath)
        var known = installed.prefix(listedThemeLimit).joined(separator: ", ")
        if installed.count > listedThemeLimit { known += " and \(installed.count - listedThemeLimit) more" }
        let searched = searchPath.directories.joined(separator: ":")
        return "sound-theme \(SettingsValueSyntax.quoted(theme)) is not installed (no index.theme in \(searched)); "
            + "every kind plays the bundled sound or the pack's; themes there: \(installed.isEmpty ? "none" : known)"
    }
}
