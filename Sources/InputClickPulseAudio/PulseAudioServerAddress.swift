import InputClick

/// Where libpulse would connect, read from the environment as libpulse does; the
/// package's one parser of `PULSE_SERVER`.
///
/// - `PULSE_SERVER` not empty: its first entry (without a `{machine-id}` prefix); a
///   `unix:` or bare path is a local socket, anything else a remote server.
/// - Otherwise `$PULSE_RUNTIME_PATH/native`, else `$XDG_RUNTIME_DIR/pulse/native`,
///   else ``systemSocket``. (Old setups' `$HOME` directory and `client.conf` are not read.)
public enum PulseAudioServerAddress: Sendable, Hashable, CustomStringConvertible {
    case namedSocket(String)
    /// Named by `PULSE_SERVER`, not a local socket.
    case remote(String)
    /// `PULSE_SERVER` unset or empty.
    case defaultSocket(String)

    /// Looked for when no runtime directory is set.
    public static let systemSocket = "/var/run/pulse/native"

    /// The process's environment by default.
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

    /// `nil` for a remote server.
    public var socketPath: String? {
        switch self {
        case .namedSocket(let path), .defaultSocket(let path): return path
        case .remote: return nil
        }
    }

    /// `nil` for a local socket.
    public var remoteServer: String? {
        if case .remote(let server) = self { return server }
        return nil
    }

    public var description: String { socketPath ?? remoteServer ?? "" }

    /// Without its `{machine-id}` prefix.
    private static func firstEntry(of list: String) -> String? {
        guard let first = list.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first else { return nil }
        var entry = first
        if entry.hasPrefix("{"), let close = entry.firstIndex(of: "}") { entry = entry[entry.index(after: close)...] }
        return entry.isEmpty ? nil : String(entry)
    }
}
