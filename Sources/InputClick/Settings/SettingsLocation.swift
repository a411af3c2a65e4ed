#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the settings file is, following the XDG Base Directory rules.
///
/// In order:
/// 1. the file a program passes to ``SettingsStore``'s initializer;
/// 2. `INPUTCLICK_CONFIG`, when set and not empty: any path; `~` and `~/…`
///    expand to the home directory, and a relative path is relative to the
///    current directory;
/// 3. `$XDG_CONFIG_HOME/inputclick/settings.conf`, when `XDG_CONFIG_HOME` is an
///    absolute path (the XDG rule: an empty or relative value is ignored);
/// 4. `<home>/.config/inputclick/settings.conf`, where the home directory is
///    `$HOME` when that is absolute, else the user's entry in the password
///    database, else `/`.
///
/// **Paths that are not UTF-8.** Paths are handled as Swift strings, which
/// cannot hold bytes that are not UTF-8. A variable the location depends on
/// whose value is not UTF-8 (``ProcessEnvironment/nonUTF8Variables``), or a
/// home directory in the password database that is not, is refused with a
/// ``SettingsError`` naming it, rather than read as some other path. A
/// relative `XDG_CONFIG_HOME` or `HOME` is ignored whatever its bytes, as the
/// XDG rule says.
///
/// All functions read only the `environment` they are given (and, for the
/// home directory fallback, the password database), so tests never touch the
/// real `~/.config`.
public enum SettingsLocation {
    /// `INPUTCLICK_CONFIG`: the variable naming an explicit settings file.
    public static let configFileVariable = "INPUTCLICK_CONFIG"

    /// The base directory for configuration: `$XDG_CONFIG_HOME` or `<home>/.config`.
    ///
    /// - Throws: ``SettingsError`` when the variable it comes from is not UTF-8.
    public static func configHome(environment: ProcessEnvironment) throws(SettingsError) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg }
        try refuseIfAbsolute("XDG_CONFIG_HOME", in: environment, naming: "the settings directory")
        return SettingsValueSyntax.joined(try homeDirectory(environment: environment) ?? "/", ".config")
    }

    /// `<configHome>/inputclick/settings.conf`, ignoring `INPUTCLICK_CONFIG`.
    ///
    /// - Throws: ``SettingsError`` when a variable it comes from is not UTF-8.
    public static func defaultFilePath(environment: ProcessEnvironment) throws(SettingsError) -> String {
        let directory = SettingsValueSyntax.joined(try configHome(environment: environment), SettingsFileFormat.directoryName)
        return FilePaths.standardized(SettingsValueSyntax.joined(directory, SettingsFileFormat.fileName))
    }

    /// The file a store uses when none is passed: `INPUTCLICK_CONFIG` if set,
    /// else ``defaultFilePath(environment:)``; an absolute path without `.` or `..` components.
    ///
    /// - Parameter currentDirectory: What a relative `INPUTCLICK_CONFIG` is
    ///   relative to; the process's current directory when `nil`.
    /// - Throws: ``SettingsError`` (kind ``SettingsError/Kind/invalidValue``,
    ///   naming the variable) when a variable the location depends on is not UTF-8.
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

    /// The user's home directory: `$HOME` when absolute, else the password
    /// database's entry for the real user id, else `nil`.
    ///
    /// - Throws: ``SettingsError`` when an absolute `HOME`, or the password
    ///   database's entry, is not UTF-8.
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

    /// Throws when `variable` holds an absolute path that is not UTF-8. A
    /// relative one is ignored, as the XDG rule ignores any relative value.
    private static func refuseIfAbsolute(_ variable: String, in environment: ProcessEnvironment,
                                         naming what: String) throws(SettingsError) {
        if let raw = environment.nonUTF8Variables[variable], raw.bytes.first == UInt8(ascii: "/") {
            throw notUTF8(variable, raw, naming: what)
        }
    }

    /// The refusal of a path variable that is not UTF-8.
    static func notUTF8(_ variable: String, _ raw: NonUTF8Text, naming what: String) -> SettingsError {
        SettingsError(kind: .invalidValue, variable: variable,
                      problem: "\(variable) is not UTF-8 text (\(raw)), so \(what) it names cannot be used; "
                          + "InputClick reads paths only as UTF-8")
    }
}
