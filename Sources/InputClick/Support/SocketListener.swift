#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Who listens at a Unix socket, asked of the kernel alone (`stat`, a non-blocking `connect`, `SO_PEERCRED`),
/// which answers even for a frozen server: probing never waits and speaks nothing on the socket. The
/// package's one socket probe, for discovery and backend selection.
public enum SocketListener: Sendable, Hashable {
    /// A server accepted (or its backlog is full, `EAGAIN`); `process` is its name when the kernel says.
    case listening(process: String?)
    /// Nothing listens there; `reason` is a sentence naming the path.
    case absent(reason: String)

    public var isListening: Bool {
        if case .listening = self { return true }
        return false
    }

    /// The file must be a socket and accept a connection (closed at once). Never blocks.
    public static func probe(_ path: String) -> SocketListener {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else {
            return .absent(reason: "'\(path)' is not a usable socket path (at most \(capacity - 1) bytes)")
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return .absent(reason: "nothing at \(path): \(errorText(errno))") }
        guard status.st_mode & S_IFMT == S_IFSOCK else { return .absent(reason: "\(path) is not a socket") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .absent(reason: "socket() failed: \(errorText(errno))") }
        defer { close(descriptor) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        // EAGAIN: the server's backlog is full, but it listens.
        if connected != 0 && errno != EINPROGRESS && errno != EAGAIN {
            return .absent(reason: "nothing listens at \(path) (connect: \(errorText(errno)))")
        }
        // struct ucred: pid, uid, gid (Glibc's module does not export the type).
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.pid > 0 else {
            return .listening(process: nil)
        }
        return .listening(process: processName(credentials.pid))
    }

    /// `/proc/PID/comm`, or `nil`.
    private static func processName(_ pid: Int32) -> String? {
        let descriptor = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let name = String(decoding: buffer[..<count], as: UTF8.self)
        return name.hasSuffix("\n") ? String(name.dropLast()) : name
    }

    private static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
