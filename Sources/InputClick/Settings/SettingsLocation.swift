#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the settings file is (XDG Base Directory rules), in order: the file passed to ``SettingsStore``;
/// `INPUTCLICK_CONFIG` when not empty (`~` expands, relative to the current directory);
/// `$XDG_CONFIG_HOME/inputclick/settings.conf` when that is absolute; `<home>/.config/inputclick/…`,
/// home being an absolute `$HOME`, else the password database, else `/`.
///
/// A variable the location depends on that is not UTF-8 (or such a password entry) is refused with a
/// ``SettingsError`` naming it, never read as another path. Only the `environment` given (and the
/// password database) is read, so tests never touch the real `~/.config`.
public enum SettingsLocation {
    public static let configFileVariable = "INPUTCLICK_CONFIG"

    /// `$XDG_CONFIG_HOME` or `<home>/.config`. Throws when the variable it comes from is not UTF-8.
    public static func configHome(environment: ProcessEnvironment) throws(SettingsError) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg }
        try refuseIfAbsolute("XDG_CONFIG_HOME", in: environment, naming: "the settings directory")
        return SettingsValueSyntax.joined(try homeDirectory(environment: environment) ?? "/", ".config")
    }

    /// Ignores `INPUTCLICK_CONFIG`. Throws when a variable it comes from is not UTF-8.
    public static func defaultFilePath(environment: ProcessEnvironment) throws(SettingsError) -> String {
        let directory = SettingsValueSyntax.joined(try configHome(environment: environment), SettingsFileFormat.directoryName)
        return FilePaths.standardized(SettingsValueSyntax.joined(directory, SettingsFileFormat.fileName))
    }

    /// `INPUTCLICK_CONFIG` if set, else ``defaultFilePath(environment:)``; absolute, without `.` or `..`.
    ///
    /// - Throws: ``SettingsError/Kind/invalidValue``, naming the variable, when one is not UTF-8.
    public static func filePath(environment: ProcessEnvironment, currentDirectory: String? = nil) throws(SettingsError) -> String {
        if let raw = environment.nonUTF8Variables[configFileVariable] {
            throw notUTF8(configFileVariable, raw, naming: "the settings file")
        }
        guard let explicit = environment[configFileVariable], !explicit.isEmpty else {
            return try defaultFilePath(environment: environment)
        }
        if explicit == "~" || explicit.hasPrefix("~/"), let home = try homeDirectory(environment: environment) {
            return FilePaths.standardized(SettingsValueSyntax.joined(home, String(explicit.dropFirst(explicit == "~" ? 1 : 2))))
        }
        if explicit.hasPrefix("/") { return FilePaths.standardized(explicit) }
        let base = currentDirectory ?? FilePaths.currentDirectory()
        return FilePaths.standardized(SettingsValueSyntax.joined(base, explicit))
    }

    /// `$HOME` when absolute, else the password database's entry for the real user id, else `nil`.
    /// Throws when either is not UTF-8.
    public static func homeDirectory(environment: ProcessEnvironment) throws(SettingsError) -> String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        try refuseIfAbsolute("HOME", in: environment, naming: "the home directory")
        var buffer = [CChar](repeating: 0, count: 16 * 1024)
        let bytes: [UInt8]? = buffer.withUnsafeMutableBufferPointer { storage in
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>? = nil
            let status = getpwuid_r(getuid(), &entry, storage.baseAddress!, storage.count, &result)
            guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(directory).assumingMemoryBound(to: UInt8.self),
                                             count: strlen(directory)))
        }
        guard let bytes, bytes.first == UInt8(ascii: "/") else { return nil }
        if let raw = NonUTF8Text(bytes) {
            throw SettingsError(kind: .invalidValue,
                                problem: "the home directory in the password database is not UTF-8 text (\(raw)); "
                                    + "set HOME or XDG_CONFIG_HOME to a UTF-8 path")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Throws when `variable` holds an absolute path that is not UTF-8; a relative one is ignored (XDG).
    private static func refuseIfAbsolute(_ variable: String, in environment: ProcessEnvironment,
                                         naming what: String) throws(SettingsError) {
        if let raw = environment.nonUTF8Variables[variable], raw.bytes.first == UInt8(ascii: "/") {
            throw notUTF8(variable, raw, naming: what)
        }
    }

    static func notUTF8(_ variable: String, _ raw: NonUTF8Text, naming what: String) -> SettingsError {
        SettingsError(kind: .invalidValue, variable: variable,
                      problem: "\(variable) is not UTF-8 text (\(raw)), so \(what) it names cannot be used; "
                          + "InputClick reads paths only as UTF-8")
    }
}
