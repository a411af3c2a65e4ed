#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finding click sounds in an XDG sound theme (the freedesktop.org Sound
/// Theme and Sound Naming specifications).
///
/// **Themes.** A theme is a directory named after it in one of the
/// ``SoundThemeSearchPath`` directories, with an `index.theme` whose
/// `[Sound Theme]` group lists `Directories` (subdirectories such as
/// `stereo`) and may list `Inherits` (parent themes, comma-separated). Only
/// subdirectories whose `OutputProfile` is `stereo` (or unset) are searched.
/// A sound is `NAME.oga`, `NAME.ogg` or `NAME.wav`; `NAME.disabled` means
/// the theme wants no sound there, and the bundled sound plays. A theme's
/// subdirectories are searched in every search-path directory that has
/// them, the first found winning.
///
/// **Order.** The chosen theme, then its parents depth-first in the order
/// `Inherits` lists them, then `freedesktop`, the fallback theme. Within each
/// theme the kind's names are tried from the most specific to the most
/// generic, so a generic sound of the chosen theme wins over a specific one
/// of a parent (as the naming spec asks, to keep one theme's style).
///
/// **Names per kind** (sound-naming-spec input feedback ids, and more
/// specific ids under them):
///
/// | Kind | Names tried, in order |
/// |---|---|
/// | `key` | `button-pressed` |
/// | `delete` | `button-pressed-delete`, `button-pressed` |
/// | `modifier` | `button-pressed-modifier`, `button-toggle-on`, `button-pressed` |
/// | `space` | `button-pressed-space`, `button-pressed` |
/// | `return` | `button-pressed-return`, `button-pressed` |
///
/// A kind none of whose names the theme (or its parents) has plays the
/// bundled sound. Debian's `freedesktop` theme has none of these names, so
/// with it every kind stays bundled.
public enum SoundTheme {
    /// The theme searched after every other: `freedesktop`.
    public static let fallbackTheme = "freedesktop"
    /// The sound file extensions, in the order they are tried.
    public static let extensions = ["oga", "ogg", "wav"]

    /// The sound names tried for `kind`, most specific first (see the table above).
    public static func soundNames(for kind: ClickKind) -> [String] {
        switch kind {
        case .key: return ["button-pressed"]
        case .delete: return ["button-pressed-delete", "button-pressed"]
        case .modifier: return ["button-pressed-modifier", "button-toggle-on", "button-pressed"]
        case .space: return ["button-pressed-space", "button-pressed"]
        case .return: return ["button-pressed-return", "button-pressed"]
        }
    }

    /// A sound found in a theme.
    public struct Match: Sendable, Hashable {
        /// The theme that has it (the chosen one or a parent).
        public var theme: String
        /// The sound name it answers to, e.g. `button-pressed`.
        public var name: String
        /// The file.
        public var path: String
    }

    /// The sound for `kind` in `theme`, its parents and `freedesktop`.
    ///
    /// - Returns: The file, or `nil` when no theme of the chain has one of
    ///   the kind's names, or the first it has is `.disabled`.
    public static func lookup(_ kind: ClickKind, theme: String, searchPath: SoundThemeSearchPath) -> Match? {
        let names = soundNames(for: kind)
        for entry in chain(theme: theme, searchPath: searchPath) {
            for name in names {
                for base in searchPath.directories {
                    for directory in entry.directories {
                        let stem = SettingsValueSyntax.joined(SettingsValueSyntax.joined(base, entry.name), directory) + "/" + name
                        if FilePaths.isRegularFile(stem + ".disabled") { return nil }
                        for ext in extensions where FilePaths.isRegularFile(stem + "." + ext) {
                            return Match(theme: entry.name, name: name, path: stem + "." + ext)
                        }
                    }
                }
            }
        }
        return nil
    }

    /// One theme of a lookup chain: its name and its stereo subdirectories.
    struct ChainEntry: Equatable {
        var name: String
        var directories: [String]
    }

    /// `theme`, its parents depth-first, then `freedesktop`; each once, and
    /// only themes that have an `index.theme` somewhere in `searchPath`.
    static func chain(theme: String, searchPath: SoundThemeSearchPath) -> [ChainEntry] {
        var entries: [ChainEntry] = []
        var seen: Set<String> = []
        func visit(_ name: String, depth: Int) {
            guard depth < 32, SettingsValueSyntax.isThemeName(name), seen.insert(name).inserted,
                  let index = index(of: name, searchPath: searchPath) else { return }
            entries.append(ChainEntry(name: name, directories: index.directories))
            for parent in index.inherits { visit(parent, depth: depth + 1) }
        }
        visit(theme, depth: 0)
        visit(fallbackTheme, depth: 0)
        return entries
    }

    /// Whether `theme` has an `index.theme` in `searchPath`, as a lookup needs.
    public static func exists(_ theme: String, searchPath: SoundThemeSearchPath) -> Bool {
        SettingsValueSyntax.isThemeName(theme) && index(of: theme, searchPath: searchPath) != nil
    }

    /// The themes in `searchPath` (directories with an `index.theme`), sorted, each once.
    public static func installedThemes(searchPath: SoundThemeSearchPath) -> [String] {
        var names: Set<String> = []
        for base in searchPath.directories {
            guard let (entries, _) = try? SoundPack.listDirectory(base) else { continue }
            for name in entries where SettingsValueSyntax.isThemeName(name)
                && FilePaths.isRegularFile(SettingsValueSyntax.joined(SettingsValueSyntax.joined(base, name), "index.theme")) {
                names.insert(name)
            }
        }
        return names.sorted()
    }

    /// What an `index.theme` says.
    struct Index: Equatable {
        var inherits: [String]
        var directories: [String]
    }

    /// The first `index.theme` of `theme` in `searchPath`, parsed.
    static func index(of theme: String, searchPath: SoundThemeSearchPath) -> Index? {
        for base in searchPath.directories {
            let path = SettingsValueSyntax.joined(SettingsValueSyntax.joined(base, theme), "index.theme")
            if let text = readSmallFile(path) { return parseIndex(text) }
        }
        return nil
    }

    /// Parses the desktop-entry style text of an `index.theme`.
    static func parseIndex(_ text: String) -> Index {
        var groups: [String: [String: String]] = [:]
        var group = ""
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals].trimmingWhitespace())
            if groups[group, default: [:]][key] == nil {
                groups[group, default: [:]][key] = String(line[line.index(after: equals)...].trimmingWhitespace())
            }
        }
        func list(_ value: String?) -> [String] {
            (value ?? "").split(separator: ",").map { String($0.trimmingWhitespace()) }.filter { !$0.isEmpty }
        }
        let main = groups["Sound Theme"] ?? [:]
        let directories = list(main["Directories"]).filter { directory in
            !directory.split(separator: "/").contains("..")
                && (groups[directory]?["OutputProfile"].map { $0 == "stereo" } ?? true)
        }
        return Index(inherits: list(main["Inherits"]), directories: directories)
    }

    /// A file's text, when it is a regular file of at most 64 KiB of UTF-8.
    /// Anything else at the path, a FIFO included, is `nil` at once.
    private static func readSmallFile(_ path: String) -> String? {
        guard let descriptor = try? FilePaths.openRegularFile(path).descriptor else { return nil }
        defer { close(descriptor) }
        let limit = 64 * 1024
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count <= limit {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, limit + 1 - count) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            count += got
        }
        guard count <= limit else { return nil }
        return String(validating: bytes[..<count], as: UTF8.self)
    }
}

extension Substring {
    /// The text without leading and trailing whitespace.
    fileprivate func trimmingWhitespace() -> Substring {
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return self[start...end]
    }
}
