#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds click sounds in an XDG sound theme (freedesktop.org Sound Theme and Sound Naming specs); README,
/// *Sounds*, describes lookup order and the names tried per kind.
///
/// A theme is a directory in a ``SoundThemeSearchPath`` directory with an `index.theme`; only `stereo`
/// (or unprofiled) subdirectories are searched. `NAME.disabled` means no sound: the bundled one plays.
/// The chain is the theme, its parents depth-first, then `freedesktop`; within each theme names go from
/// specific to generic, so the chosen theme's generic sound beats a parent's specific one.
public enum SoundTheme {
    public static let fallbackTheme = "freedesktop"
    /// In the order they are tried.
    public static let extensions = ["oga", "ogg", "wav"]

    /// Most specific first.
    public static func soundNames(for kind: ClickKind) -> [String] {
        switch kind {
        case .key: return ["button-pressed"]
        case .delete: return ["button-pressed-delete", "button-pressed"]
        case .modifier: return ["button-pressed-modifier", "button-toggle-on", "button-pressed"]
        case .space: return ["button-pressed-space", "button-pressed"]
        case .return: return ["button-pressed-return", "button-pressed"]
        }
    }

    public struct Match: Sendable, Hashable {
        /// The chosen one or a parent.
        public var theme: String
        /// e.g. `button-pressed`.
        public var name: String
        public var path: String
    }

    /// `nil` when no theme of the chain has one of the kind's names, or the first it has is `.disabled`.
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

    struct ChainEntry: Equatable {
        var name: String
        var directories: [String]
    }

    /// Each once, and only themes with an `index.theme` in `searchPath`.
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

    public static func exists(_ theme: String, searchPath: SoundThemeSearchPath) -> Bool {
        SettingsValueSyntax.isThemeName(theme) && index(of: theme, searchPath: searchPath) != nil
    }

    /// Directories with an `index.theme`, sorted, each once.
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

    struct Index: Equatable {
        var inherits: [String]
        var directories: [String]
    }

    static func index(of theme: String, searchPath: SoundThemeSearchPath) -> Index? {
        for base in searchPath.directories {
            let path = SettingsValueSyntax.joined(SettingsValueSyntax.joined(base, theme), "index.theme")
            if let text = readSmallFile(path) { return parseIndex(text) }
        }
        return nil
    }

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

    /// The text of a regular file of at most 64 KiB of UTF-8; anything else (a FIFO too) is `nil` at once.
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
    fileprivate func trimmingWhitespace() -> Substring {
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return self[start...end]
    }
}
