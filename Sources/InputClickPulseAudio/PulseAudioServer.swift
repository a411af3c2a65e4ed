import InputClick

/// Whether a PulseAudio server (or pipewire-pulse) can be reached where libpulse looks,
/// and libpulse loads: what backend selection and `doctor` ask.
public struct PulseAudioServer: Sendable, Equatable {
    /// The socket path tried, or the remote server `$PULSE_SERVER` names.
    public var address: String
    /// A server listens there (``SocketListener/probe(_:)``); a remote one is trusted.
    public var isPresent: Bool
    public var libraryLoads: Bool
    /// What was found, or why the native backend cannot be used.
    public var reason: String

    /// A server socket is there and libpulse loads.
    public var isUsable: Bool { isPresent && libraryLoads }

    /// Looks where libpulse would (``PulseAudioServerAddress``), asks the kernel whether a
    /// server listens, and may load libpulse the first time.
    public static func discover(environment: ProcessEnvironment = .current()) -> PulseAudioServer {
        let library: String?
        switch PulseAudioLibrary.loaded {
        case .success: library = nil
        case .failure(let error): library = error.description
        }
        let address = PulseAudioServerAddress(environment: environment)
        let present: Bool
        let found: String
        switch address {
        case .remote(let server):
            present = true
            found = "PULSE_SERVER names the server \(server)"
        case .namedSocket(let path):
            present = SocketListener.probe(path).isListening
            found = present ? "PULSE_SERVER names the socket \(path)" : "PULSE_SERVER names \(path), where no server listens"
        case .defaultSocket(let path):
            present = SocketListener.probe(path).isListening
            found = present ? "a PulseAudio server's socket is at \(path)" : "no PulseAudio server's socket at \(path)"
        }
        let reason = library.map { "\(found); \($0)" } ?? found
        return PulseAudioServer(address: address.description, isPresent: present, libraryLoads: library == nil, reason: reason)
    }
}
