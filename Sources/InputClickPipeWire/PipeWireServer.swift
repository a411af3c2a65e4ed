#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// Whether this process can use a PipeWire server: its socket found where
/// libpipewire (0.3) looks for it, accepting connections, and libpipewire
/// itself loadable. ``find(environment:remote:)`` looks; nothing is opened
/// but a socket connection that is closed at once.
///
/// Where libpipewire looks: the remote's name is `$PIPEWIRE_REMOTE` if set
/// and not empty, else the name the client asks for (``PipeWireOutput/remote``),
/// else `pipewire-0`. A name starting with `/` is the socket's path; any
/// other is looked for in the runtime directory (`$PIPEWIRE_RUNTIME_DIR`,
/// else `$XDG_RUNTIME_DIR`, else `$USERPROFILE`), then in `/run/pipewire`.
///
/// Thread context: a plain value.
public struct PipeWireServer: Sendable, Hashable, CustomStringConvertible {
    /// The socket that answered, if one did.
    public var socketPath: String?
    /// The loaded libpipewire's version, such as `0.3.65`, if it loads.
    public var libraryVersion: String?
    /// Whether a stream can be opened: a socket answers and the library loads.
    public var isAvailable: Bool { socketPath != nil && libraryVersion != nil }
    /// Why it is, or is not, available: a sentence naming the socket and the library.
    public var reason: String

    /// The reason.
    public var description: String { reason }

    /// Looks for the server of `environment` (the process's by default).
    ///
    /// - Parameters:
    ///   - environment: Where `PIPEWIRE_REMOTE`, `PIPEWIRE_RUNTIME_DIR`,
    ///     `XDG_RUNTIME_DIR` and `USERPROFILE` are read.
    ///   - remote: The remote name the client would ask for, if any.
    ///
    /// Thread context: any thread but a render thread; it makes system calls
    /// and may load libpipewire.
    public static func find(environment: ProcessEnvironment = .current(), remote: String? = nil) -> PipeWireServer {
        let candidates = socketCandidates(environment: environment, remote: remote)
        var findings: [String] = []
        var answering: String?
        for path in candidates {
            let finding = probe(path)
            if finding == nil {
                answering = path
                break
            }
            findings.append("\(path): \(finding ?? "")")
        }
        let library = PipeWireLibrary.version
        var version: String?
        var libraryText: String
        switch library {
        case .success(let loaded):
            version = loaded
            libraryText = "libpipewire \(loaded) loads"
        case .failure(let error):
            libraryText = "\(error)"
        }
        let reason: String
        if let answering {
            reason = "a PipeWire server answers at \(answering); \(libraryText)"
        } else if candidates.isEmpty {
            reason = "no PipeWire socket to look for: none of PIPEWIRE_RUNTIME_DIR, XDG_RUNTIME_DIR and USERPROFILE is set; \(libraryText)"
        } else {
            reason = "no PipeWire server answers (\(findings.joined(separator: "; "))); \(libraryText)"
        }
        return PipeWireServer(socketPath: answering, libraryVersion: version, reason: reason)
    }

    /// The socket paths libpipewire would try, in its order.
    ///
    /// Thread context: any thread.
    public static func socketCandidates(environment: ProcessEnvironment, remote: String? = nil) -> [String] {
        var name = environment["PIPEWIRE_REMOTE"] ?? ""
        if name.isEmpty { name = remote ?? "" }
        if name.isEmpty { name = "pipewire-0" }
        if name.hasPrefix("/") { return [name] }
        var paths: [String] = []
        if let runtime = environment["PIPEWIRE_RUNTIME_DIR"] ?? environment["XDG_RUNTIME_DIR"] ?? environment["USERPROFILE"] {
            paths.append("\(runtime)/\(name)")
        }
        paths.append("/run/pipewire/\(name)")
        return paths
    }

    /// `nil` if `path` is a socket that accepts a connection, else what is wrong.
    private static func probe(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return String(cString: strerror(errno)) }
        guard status.st_mode & S_IFMT == S_IFSOCK else { return "not a socket" }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { return "socket: " + String(cString: strerror(errno)) }
        defer { _ = Glibc.close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard bytes.count < capacity else { return "path longer than \(capacity - 1) bytes" }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        // EAGAIN: the server's backlog is full, but it listens.
        guard connected == 0 || errno == EAGAIN || errno == EINPROGRESS else {
            return "connect: " + String(cString: strerror(errno))
        }
        return nil
    }
}
