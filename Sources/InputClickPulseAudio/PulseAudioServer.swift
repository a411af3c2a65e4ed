#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// Whether a PulseAudio server (or PipeWire's pipewire-pulse) can be
/// reached, found as libpulse finds it, and whether libpulse loads: what
/// backend selection and `doctor` ask before choosing the native backend.
///
/// Thread context: a plain value.
public struct PulseAudioServer: Sendable, Equatable {
    /// Where the server was looked for: `$PULSE_SERVER`'s value, or the socket path tried.
    public var address: String
    /// Whether a server answers there as far as can be told without
    /// connecting: a socket file exists (for `$PULSE_SERVER`, any value
    /// other than a missing `unix:` socket counts).
    public var isPresent: Bool
    /// Whether libpulse loads.
    public var libraryLoads: Bool
    /// A sentence saying what was found, or why the native backend cannot be used.
    public var reason: String

    /// Whether the native PulseAudio backend can be used: a server socket
    /// is there and libpulse loads.
    public var isUsable: Bool { isPresent && libraryLoads }

    /// Looks for the server in `environment` (default: the process's):
    /// `$PULSE_SERVER` if set, else `$PULSE_RUNTIME_PATH/native`, else
    /// `$XDG_RUNTIME_DIR/pulse/native`; and tries to load libpulse.
    ///
    /// Thread context: any thread; may load libpulse the first time.
    public static func discover(environment: ProcessEnvironment = .current()) -> PulseAudioServer {
        let variables = environment
        let library: String?
        switch PulseAudioLibrary.loaded {
        case .success: library = nil
        case .failure(let error): library = error.description
        }
        let address: String
        var present: Bool
        var found: String
        if let server = variables["PULSE_SERVER"], !server.isEmpty {
            address = server
            // The first entry of the list; `unix:` paths (or bare paths) are checked, others trusted.
            let first = server.split(separator: " ").first.map(String.init) ?? server
            let path = first.hasPrefix("unix:") ? String(first.dropFirst(5)) : (first.hasPrefix("/") ? first : nil)
            if let path {
                present = isSocket(path)
                found = present ? "PULSE_SERVER names the socket \(path)" : "PULSE_SERVER names \(path), which is no socket"
            } else {
                present = true
                found = "PULSE_SERVER names the server \(first)"
            }
        } else {
            let path: String
            if let runtime = variables["PULSE_RUNTIME_PATH"], !runtime.isEmpty {
                path = runtime + "/native"
            } else if let runtime = variables["XDG_RUNTIME_DIR"], !runtime.isEmpty {
                path = runtime + "/pulse/native"
            } else {
                path = "/run/user/\(getuid())/pulse/native"
            }
            address = path
            present = isSocket(path)
            found = present ? "a PulseAudio server's socket is at \(path)" : "no PulseAudio server's socket at \(path)"
        }
        let reason = library.map { "\(found); \($0)" } ?? found
        return PulseAudioServer(address: address, isPresent: present, libraryLoads: library == nil, reason: reason)
    }

    private static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }
}
