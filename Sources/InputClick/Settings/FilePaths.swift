#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The few path operations settings and sound lookup need, without Foundation.
enum FilePaths {
    /// `/` when `getcwd` fails.
    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Lexical: `.`, empty components and trailing slashes removed, each `..` removing the component before
    /// it (never above `/`). Symbolic links are not resolved; a relative path stays relative.
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

    /// Following symbolic links.
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Only to choose among paths: a reader opens with ``openRegularFile(_:)``, since the path may change.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    enum OpenFailure: Error, Equatable, CustomStringConvertible {
        /// `ENOENT` or `ENOTDIR`.
        case notFound
        /// A directory, FIFO, device or socket.
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

    /// Opens `path` for reading if it names a regular file; returns the descriptor (the caller closes it)
    /// with its `fstat` status. The open uses `O_NONBLOCK | O_NOCTTY`, so a FIFO or terminal cannot block it,
    /// and the type is checked through the descriptor, so nothing swapped in is read. The descriptor returned
    /// is blocking and close-on-exec. The corresponding C functions are `open`, `fstat` and `fcntl`.
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
