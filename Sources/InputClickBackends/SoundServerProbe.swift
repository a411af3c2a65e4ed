#if canImport(Glibc)
import Glibc
#endif
import InputClick
import InputClickPipeWire

/// Finds the sockets of the sound servers a desktop runs, the way their own
/// client libraries find them, and asks the kernel which process listens
/// there. Nothing is spoken on the socket: a connect and `SO_PEERCRED`,
/// which the kernel answers even for a server that froze, so probing never
/// waits on a server.
///
/// Thread context: any thread.
public struct SoundServerProbe: Sendable {
    /// The environment the servers are looked for in (the process's own by default).
    public var environment: ProcessEnvironment

    /// Creates a probe reading `environment`.
    public init(environment: ProcessEnvironment = .current()) {
        self.environment = environment
    }

    /// PipeWire's sockets in the order libpipewire tries them
    /// (``PipeWireServer/socketCandidates(environment:remote:)``).
    public var pipewireSockets: [String] { PipeWireServer.socketCandidates(environment: environment) }

    /// PulseAudio's socket as libpulse finds it: the `unix:` path (or bare
    /// path) of `PULSE_SERVER`; else `native` in `PULSE_RUNTIME_PATH`, else
    /// `pulse/native` in `XDG_RUNTIME_DIR`, else the system-wide
    /// `/var/run/pulse/native`. Of a `PULSE_SERVER` list the first entry
    /// counts, without a `{machine-id}` prefix. `nil` when that entry is not
    /// a local socket (TCP): see ``pulseRemoteServer``.
    public var pulseSocket: String? {
        if let server = pulseServerEntry {
            if server.hasPrefix("unix:") { return String(server.dropFirst(5)) }
            return server.hasPrefix("/") ? server : nil
        }
        if let runtime = nonEmpty("PULSE_RUNTIME_PATH") { return runtime + "/native" }
        if let runtime = nonEmpty("XDG_RUNTIME_DIR") { return runtime + "/pulse/native" }
        return "/var/run/pulse/native"
    }

    /// The first entry of `PULSE_SERVER` when it names a server that is not
    /// a local socket (`tcp:host`, `host:4713`), which no socket probe can
    /// judge: the user asked for that PulseAudio server.
    public var pulseRemoteServer: String? {
        guard let server = pulseServerEntry, !server.hasPrefix("unix:"), !server.hasPrefix("/") else { return nil }
        return server
    }

    /// `PULSE_SERVER`'s first entry, without a `{machine-id}` prefix.
    private var pulseServerEntry: String? {
        guard let list = nonEmpty("PULSE_SERVER"), let first = list.split(separator: " ").first else { return nil }
        var entry = Substring(first)
        if entry.hasPrefix("{"), let close = entry.firstIndex(of: "}") { entry = entry[entry.index(after: close)...] }
        return entry.isEmpty ? nil : String(entry)
    }

    /// Who listens at the Unix socket `path`.
    public static func listener(at path: String) -> SocketListener {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else {
            return .absent(reason: "'\(path)' is not a usable socket path")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .absent(reason: "socket() failed: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if connected != 0 && errno != EINPROGRESS && errno != EAGAIN {
            return .absent(reason: "nothing listens at \(path) (connect: \(String(cString: strerror(errno))))")
        }
        // struct ucred: pid, uid, gid (Glibc's module does not export the type).
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.pid > 0 else {
            return .listening(process: nil)
        }
        return .listening(process: processName(credentials.pid))
    }

    /// The name the kernel keeps for process `pid` (`/proc/PID/comm`), or `nil`.
    static func processName(_ pid: Int32) -> String? {
        let descriptor = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let name = String(decoding: buffer[..<count], as: UTF8.self)
        return name.hasSuffix("\n") ? String(name.dropLast()) : name
    }

    private func nonEmpty(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }
}

/// What ``SoundServerProbe/listener(at:)`` found at a socket.
public enum SocketListener: Sendable, Hashable {
    /// A server accepted the connection; `process` is its name when the
    /// kernel could say (`pipewire`, `pipewire-pulse`, `pulseaudio`).
    case listening(process: String?)
    /// Nothing listens there, and why.
    case absent(reason: String)
}
