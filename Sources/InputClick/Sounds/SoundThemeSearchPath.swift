/// Where XDG sound themes live, in lookup order: `$XDG_DATA_HOME/sounds` (default
/// `~/.local/share/sounds`), then each `$XDG_DATA_DIRS` entry plus `/sounds`. Relative or non-UTF-8
/// entries are ignored.
public struct SoundThemeSearchPath: Sendable, Hashable {
    /// Each holds one directory per theme.
    public var directories: [String]

    public init(directories: [String]) {
        self.directories = directories
    }

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
