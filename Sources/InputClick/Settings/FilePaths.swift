#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Plain-string file paths, the few operations the settings and sound
/// lookup need, without Foundation.
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
    ///
    /// Only to choose among paths: by the time the file is opened the path
    /// may name something else, so a reader opens with ``openRegularFile(_:)``.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Why ``openRegularFile(_:)`` gave no descriptor.
    enum OpenFailure: Error, Equatable, CustomStringConvertible {
        /// Nothing exists at the path (`ENOENT`, `ENOTDIR`).
        case notFound
        /// The path names a directory, a FIFO, a device or a socket.
        case notARegularFile
        case failed(call: String, errno: Int32)

        /// `open: Permission denied (errno 13)` for a failed call.
        var description: String {
            switch self {
            case .notFound: return "does not exist"
            case .notARegularFile: return "is not a regular file"
            case let .failed(call, code): return "\(call): \(String(cString: strerror(code))) (errno \(code))"
            }
        }
    }

    /// Opens `path` (following symbolic links) for reading if it names a
    /// regular file, and returns the descriptor, which the caller closes,
    /// with its `fstat` status.
    ///
    /// Nothing at the path can block the open: it is made with `O_NONBLOCK`
    /// (and `O_NOCTTY`), so a FIFO with no writer or a terminal returns at
    /// once. What was opened is then checked through the descriptor, not the
    /// path, so a FIFO or device swapped in after an earlier look at the path
    /// is refused, never read. The descriptor returned is blocking again and
    /// close-on-exec.
    ///
    /// The corresponding C functions are `open`, `fstat` and `fcntl`.
    static func openRegularFile(_ path: String) throws(OpenFailure) -> (descriptor: Int32, status: stat) {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw .notFound
            case ENXIO, ENODEV: throw .notARegularFile  // a socket, or a device with no driver
            default: throw .failed(call: "open", errno: code)
            }
        }
        var status = stat()
        var failure: OpenFailure?
        if fstat(descriptor, &status) != 0 {
            failure = .failed(call: "fstat", errno: errno)
        } else if status.st_mode & S_IFMT != S_IFREG {
            failure = .notARegularFile
        } else {
            let flags = fcntl(descriptor, F_GETFL)
            if flags < 0 || fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) != 0 { failure = .failed(call: "fcntl", errno: errno) }
        }
        if let failure {
            close(descriptor)
            throw failure
        }
        return (descriptor, status)
    }
}
