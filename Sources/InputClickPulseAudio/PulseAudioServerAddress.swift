import InputClick

/// Where libpulse would connect, read from the environment the way libpulse
/// reads it: the one parser of `PULSE_SERVER` in the package (the native
/// backend's ``PulseAudioServer/discover(environment:)`` and backend
/// selection both use it).
///
/// - `PULSE_SERVER` set and not empty: its first entry (entries are separated
///   by white space; a `{machine-id}` prefix is dropped). A `unix:` path or a
///   bare path is a local socket; anything else (`tcp:host`, `host:4713`) is a
///   remote server, which no socket probe can judge.
/// - Otherwise the per-user socket: `$PULSE_RUNTIME_PATH/native`, else
///   `$XDG_RUNTIME_DIR/pulse/native`.
/// - With neither set, the one fallback: the system-wide socket
///   `/var/run/pulse/native`, libpulse's last local candidate. (libpulse
///   would first try a per-user directory under `$HOME` kept only by old
///   PulseAudio setups; it is not looked for.)
///
/// `client.conf`'s `default-server` is not read.
public enum PulseAudioServerAddress: Sendable, Hashable, CustomStringConvertible {
    /// A local socket that `PULSE_SERVER` names.
    case namedSocket(String)
    /// A server that `PULSE_SERVER` names which is not a local socket.
    case remote(String)
    /// The socket at the default place (`PULSE_SERVER` unset or empty).
    case defaultSocket(String)

    /// The system-wide socket, looked for when no runtime directory is set.
    public static let systemSocket = "/var/run/pulse/native"

    /// Reads `environment` (the process's by default).
    public init(environment: ProcessEnvironment = .current()) {
        if let entry = Self.firstEntry(of: environment["PULSE_SERVER"] ?? "") {
            if entry.hasPrefix("unix:") {
                self = .namedSocket(String(entry.dropFirst("unix:".count)))
            } else if entry.hasPrefix("/") {
                self = .namedSocket(entry)
            } else {
                self = .remote(entry)
            }
        } else if let runtime = environment["PULSE_RUNTIME_PATH"], !runtime.isEmpty {
            self = .defaultSocket(runtime + "/native")
        } else if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            self = .defaultSocket(runtime + "/pulse/native")
        } else {
            self = .defaultSocket(Self.systemSocket)
        }
    }

    /// The local socket's path, or `nil` for a remote server.
    public var socketPath: String? {
        switch self {
        case .namedSocket(let path), .defaultSocket(let path): return path
        case .remote: return nil
        }
    }

    /// The remote server `PULSE_SERVER` names, or `nil` for a local socket.
    public var remoteServer: String? {
        if case .remote(let server) = self { return server }
        return nil
    }

    /// The path or the remote server.
    public var description: String { socketPath ?? remoteServer ?? "" }

    /// The first entry of a `PULSE_SERVER` list without its `{machine-id}`
    /// prefix, or `nil` when there is none.
    private static func firstEntry(of list: String) -> String? {
        guard let first = list.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first else { return nil }
        var entry = first
        if entry.hasPrefix("{"), let close = entry.firstIndex(of: "}") { entry = entry[entry.index(after: close)...] }
        return entry.isEmpty ? nil : String(entry)
    }
}
