import InputClick
import InputClickPulseAudio

/// Which backend plays, on what, and why, as `doctor` prints it.
///
/// The rules, for ``BackendPreference/automatic``:
/// 1. A PCM other than `default` was named: ALSA on that PCM.
/// 2. `PULSE_SERVER` names a remote server, or the `pulseaudio` process itself answers on
///    PulseAudio's socket: the PulseAudio backend.
/// 3. PipeWire's socket answers (whoever serves PulseAudio's): the PipeWire backend.
/// 4. Only PulseAudio's socket answers (a sandbox showing only `pulse/native`): PulseAudio.
/// 5. Otherwise, or when the chosen server's client library cannot be loaded: ALSA's `default`.
///
/// A backend asked for by name (``BackendPreference/only(_:)``) skips the rules and fails
/// with the reason when it cannot be used.
public struct BackendSelection: Sendable, Hashable, CustomStringConvertible {
    public var backend: OutputBackend
    /// The ALSA PCM for ``OutputBackend/alsa``; the server's socket otherwise.
    public var device: String
    /// A sentence for `doctor`.
    public var reason: String

    public init(backend: OutputBackend, device: String, reason: String) {
        self.backend = backend
        self.device = device
        self.reason = reason
    }

    /// `pipewire on /run/user/1000/pipewire-0 (…reason…)`.
    public var description: String { "\(backend) on \(device) (\(reason))" }

    /// `device` is an ALSA PCM name (`nil` or `default`: the machine's default output).
    /// Probes sockets without waiting on a server.
    ///
    /// - Parameter libraryProblem: why a native backend's client library cannot be loaded.
    /// - Throws: ``BackendSelectionError`` when a backend asked for by name cannot be used,
    ///   or a native backend is asked for with a PCM named.
    public static func choose(device: String?, preference: BackendPreference,
                              probe: SoundServerProbe = SoundServerProbe(),
                              libraryProblem: (OutputBackend) -> String?) throws(BackendSelectionError) -> BackendSelection {
        let named = device.flatMap { $0 == "default" ? nil : $0 }
        switch preference {
        case .only(.alsa):
            return BackendSelection(backend: .alsa, device: named ?? "default", reason: "--backend alsa was asked for")
        case .only(let backend):
            if let named {
                throw BackendSelectionError("the \(backend) backend plays on its server's default sink; "
                                            + "'\(named)' names an ALSA PCM (use --backend alsa, or leave --device out)")
            }
            if let problem = libraryProblem(backend) { throw BackendSelectionError("the \(backend) backend cannot be used: \(problem)") }
            if backend == .pulseaudio, let remote = probe.pulseAddress.remoteServer {
                return BackendSelection(backend: .pulseaudio, device: remote, reason: "the pulseaudio backend was asked for")
            }
            let sockets = sockets(of: backend, probe: probe)
            guard !sockets.isEmpty else {
                throw BackendSelectionError("the \(backend) backend cannot be used: no \(serverName(backend)) socket is configured "
                                            + "(\(environmentHint(backend)))")
            }
            var reasons: [String] = []
            for socket in sockets {
                guard case .absent(let reason) = SocketListener.probe(socket) else {
                    return BackendSelection(backend: backend, device: socket, reason: "the \(backend) backend was asked for")
                }
                reasons.append(reason)
            }
            throw BackendSelectionError("the \(backend) backend cannot be used: " + reasons.joined(separator: "; "))
        case .automatic:
            if let named {
                return BackendSelection(backend: .alsa, device: named, reason: "the ALSA PCM '\(named)' was named")
            }
            return automatic(probe: probe, libraryProblem: libraryProblem)
        }
    }

    private static func automatic(probe: SoundServerProbe, libraryProblem: (OutputBackend) -> String?) -> BackendSelection {
        var looked: [String] = []
        var pulseServedBy: String?
        if let remote = probe.pulseAddress.remoteServer {
            if let problem = libraryProblem(.pulseaudio) { return alsaDefault("PULSE_SERVER names \(remote), but \(problem)") }
            return BackendSelection(backend: .pulseaudio, device: remote, reason: "PULSE_SERVER names the server \(remote)")
        }
        let pulseSocket = probe.pulseAddress.socketPath
        if let socket = pulseSocket {
            switch SocketListener.probe(socket) {
            case .listening(let process):
                pulseServedBy = process ?? "an unknown server"
                if process == "pulseaudio" {
                    if let problem = libraryProblem(.pulseaudio) {
                        return alsaDefault("PulseAudio answers at \(socket), but \(problem)")
                    }
                    return BackendSelection(backend: .pulseaudio, device: socket, reason: "PulseAudio (pulseaudio) answers at \(socket)")
                }
            case .absent(let reason): looked.append(reason)
            }
        }
        for socket in probe.pipewireSockets {
            switch SocketListener.probe(socket) {
            case .listening:
                if let problem = libraryProblem(.pipewire) {
                    return alsaDefault("PipeWire answers at \(socket), but \(problem)")
                }
                let pulse = pulseServedBy.map { ", and \($0) serves PulseAudio clients" } ?? ""
                return BackendSelection(backend: .pipewire, device: socket, reason: "PipeWire answers at \(socket)\(pulse)")
            case .absent(let reason): looked.append(reason)
            }
        }
        if let served = pulseServedBy, let socket = pulseSocket {
            if let problem = libraryProblem(.pulseaudio) {
                return alsaDefault("\(served) answers at \(socket), but \(problem)")
            }
            return BackendSelection(backend: .pulseaudio, device: socket,
                                    reason: "\(served) answers at \(socket), and no PipeWire socket does: "
                                        + looked.joined(separator: "; "))
        }
        return alsaDefault("no sound server answers: " + looked.joined(separator: "; "))
    }

    private static func alsaDefault(_ reason: String) -> BackendSelection {
        BackendSelection(backend: .alsa, device: "default", reason: reason)
    }

    private static func sockets(of backend: OutputBackend, probe: SoundServerProbe) -> [String] {
        switch backend {
        case .pipewire: return probe.pipewireSockets
        case .pulseaudio: return probe.pulseAddress.socketPath.map { [$0] } ?? []
        case .alsa: return []
        }
    }

    private static func serverName(_ backend: OutputBackend) -> String {
        backend == .pipewire ? "PipeWire" : "PulseAudio"
    }

    private static func environmentHint(_ backend: OutputBackend) -> String {
        backend == .pipewire ? "set XDG_RUNTIME_DIR or PIPEWIRE_RUNTIME_DIR" : "set XDG_RUNTIME_DIR or PULSE_SERVER"
    }
}

/// A backend asked for by name cannot be used; the text says why.
public struct BackendSelectionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
