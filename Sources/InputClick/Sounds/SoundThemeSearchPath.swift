/// The `sounds` directories where XDG sound themes live, in lookup order:
/// `$XDG_DATA_HOME/sounds` (by default `~/.local/share/sounds`), then each
/// directory of `$XDG_DATA_DIRS` (by default `/usr/local/share:/usr/share`)
/// followed by `/sounds`. Following the XDG Base Directory rules, relative
/// entries are ignored; a variable whose value is not UTF-8 is ignored too.
public struct SoundThemeSearchPath: Sendable, Hashable {
    /// The directories, each holding one directory per theme.
    public var directories: [String]

    /// A search path of the given directories, for tests and tools.
    public init(directories: [String]) {
        self.directories = directories
    }

    /// The search path `environment`'s XDG variables give.
    ///
    /// The home directory fallback reads the password database.
    public init(environment: ProcessEnvironment) {
        var directories: [String] = []
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            directories.append(SettingsValueSyntax.joined(dataHome, "sounds"))
        } else if let home = try? SettingsLocation.homeDirectory(environment: environment) {
            directories.append(SettingsValueSyntax.joined(home, ".local/share/sounds"))
        }
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for entry in dataDirs.split(separator: ":") where entry.hasPrefix("/") {
            directories.append(SettingsValueSyntax.joined(String(entry), "sounds"))
        }
        self.directories = directories
    }
}
