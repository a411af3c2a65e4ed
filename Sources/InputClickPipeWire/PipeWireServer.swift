import InputClick

/// Whether this process can use a PipeWire server: a socket answering where libpipewire
/// (0.3) looks, and libpipewire loadable. ``find(environment:remote:)`` only connects to
/// the socket and closes at once (``InputClick/SocketListener/probe(_:)``).
///
/// The remote is `$PIPEWIRE_REMOTE` if not empty, else ``PipeWireOutput/remote``, else
/// `pipewire-0`; a name not starting with `/` is looked for in `$PIPEWIRE_RUNTIME_DIR`,
/// else `$XDG_RUNTIME_DIR`, else `$USERPROFILE`, then in `/run/pipewire`.
public struct PipeWireServer: Sendable, Hashable, CustomStringConvertible {
    public var socketPath: String?
    /// Such as `0.3.65`, if it loads.
    public var libraryVersion: String?
    /// A socket answers and the library loads.
    public var isAvailable: Bool { socketPath != nil && libraryVersion != nil }
    /// A sentence naming the socket and the library.
    public var reason: String

    public var description: String { reason }

    /// `environment` is the process's by default; `remote` is the name the client would ask
    /// for. Not on a render thread: it makes system calls and may load libpipewire.
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

    /// In libpipewire's order.
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
