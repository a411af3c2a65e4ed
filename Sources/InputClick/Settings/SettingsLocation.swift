import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the settings file is, following the XDG Base Directory rules.
///
/// In order:
/// 1. the file a program passes to ``SettingsStore/init(fileURL:environment:)``;
/// 2. `INPUTCLICK_CONFIG`, when set and not empty: any path; `~` and `~/…`
///    expand to the home directory, and a relative path is relative to the
///    current directory;
/// 3. `$XDG_CONFIG_HOME/inputclick/settings.conf`, when `XDG_CONFIG_HOME` is an
///    absolute path (the XDG rule: an empty or relative value is ignored);
/// 4. `<home>/.config/inputclick/settings.conf`, where the home directory is
///    `$HOME` when that is absolute, else the user's entry in the password
///    database, else `/`.
///
/// All functions read only the `environment` they are given (and, for the
/// home directory fallback, the password database), so tests never touch the
/// real `~/.config`.
///
/// Thread context: any thread.
public enum SettingsLocation {
    /// `INPUTCLICK_CONFIG`: the variable naming an explicit settings file. Thread context: any thread.
    public static let configFileVariable = "INPUTCLICK_CONFIG"

    /// The base directory for configuration: `$XDG_CONFIG_HOME` or `<home>/.config`.
    ///
    /// Thread context: any thread.
    public static func configHome(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg }
        return SettingsValueSyntax.joined(homeDirectory(environment: environment) ?? "/", ".config")
    }

    /// `<configHome>/inputclick/settings.conf`, ignoring `INPUTCLICK_CONFIG`.
    ///
    /// Thread context: any thread.
    public static func defaultFileURL(environment: [String: String]) -> URL {
        let directory = SettingsValueSyntax.joined(configHome(environment: environment), SettingsFileFormat.directoryName)
        return URL(fileURLWithPath: SettingsValueSyntax.joined(directory, SettingsFileFormat.fileName))
    }

    /// The file a store uses when none is passed: `INPUTCLICK_CONFIG` if set, else ``defaultFileURL(environment:)``.
    ///
    /// - Parameter currentDirectory: What a relative `INPUTCLICK_CONFIG` is
    ///   relative to; the process's current directory when `nil`.
    ///
    /// Thread context: any thread.
    public static func fileURL(environment: [String: String], currentDirectory: String? = nil) -> URL {
        guard let explicit = environment[configFileVariable], !explicit.isEmpty else {
            return defaultFileURL(environment: environment)
        }
        let home = homeDirectory(environment: environment)
        if (explicit == "~" || explicit.hasPrefix("~/")), let home {
            return URL(fileURLWithPath: SettingsValueSyntax.joined(home, String(explicit.dropFirst(explicit == "~" ? 1 : 2))))
        }
        if explicit.hasPrefix("/") { return URL(fileURLWithPath: explicit) }
        let base = currentDirectory ?? FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: SettingsValueSyntax.joined(base, explicit))
    }

    /// The user's home directory: `$HOME` when absolute, else the password
    /// database's entry for the real user id, else `nil`.
    ///
    /// Thread context: any thread.
    public static func homeDirectory(environment: [String: String]) -> String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        var buffer = [CChar](repeating: 0, count: 16 * 1024)
        let path: String? = buffer.withUnsafeMutableBufferPointer { storage in
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>? = nil
            let status = getpwuid_r(getuid(), &entry, storage.baseAddress!, storage.count, &result)
            guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
            return String(cString: directory)
        }
        guard let path, path.hasPrefix("/") else { return nil }
        return path
    }
}
