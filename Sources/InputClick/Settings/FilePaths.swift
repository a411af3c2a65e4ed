#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Plain-string file paths, the few operations the settings and sound
/// lookup need, without Foundation.
///
/// Thread context: pure functions, except ``currentDirectory()`` and
/// ``isDirectory(_:)``/``isRegularFile(_:)``, which ask the kernel; any thread
/// but the render thread.
enum FilePaths {
    /// The process's current directory (`getcwd`), or `/` when it cannot be read.
    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` with `.` components, empty components and trailing slashes
    /// removed, and each `..` taking away the component before it (never
    /// above `/`). Lexical only: symbolic links are not resolved. A relative
    /// path stays relative.
    static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." { parts.removeLast() } else if !absolute { parts.append(part) }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `path` names a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether `path` names a regular file (following symbolic links).
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
