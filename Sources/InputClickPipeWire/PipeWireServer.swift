import InputClick

/// Whether this process can use a PipeWire server: its socket found where
/// libpipewire (0.3) looks for it, accepting connections, and libpipewire
/// itself loadable. ``find(environment:remote:)`` looks, with
/// ``InputClick/SocketListener/probe(_:)``: nothing is opened but a socket
/// connection that is closed at once.
///
/// Where libpipewire looks: the remote's name is `$PIPEWIRE_REMOTE` if set
/// and not empty, else the name the client asks for (``PipeWireOutput/remote``),
/// else `pipewire-0`. A name starting with `/` is the socket's path; any
/// other is looked for in the runtime directory (`$PIPEWIRE_RUNTIME_DIR`,
/// else `$XDG_RUNTIME_DIR`, else `$USERPROFILE`), then in `/run/pipewire`.
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
            guard case .absent(let finding) = SocketListener.probe(path) else {
                answering = path
                break
            }
            findings.append(finding)
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
}
