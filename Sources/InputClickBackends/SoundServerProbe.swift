import InputClick
import InputClickPipeWire
import InputClickPulseAudio

/// Finds the sockets of the sound servers a desktop runs, the way their own
/// client libraries find them (``PipeWireServer/socketCandidates(environment:remote:)``,
/// ``PulseAudioServerAddress``); ``SocketListener/probe(_:)`` asks the kernel
/// which process listens there.
public struct SoundServerProbe: Sendable {
    /// The environment the servers are looked for in (the process's own by default).
    public var environment: ProcessEnvironment

    /// Creates a probe reading `environment`.
    public init(environment: ProcessEnvironment = .current()) {
        self.environment = environment
    }

    /// PipeWire's sockets in the order libpipewire tries them.
    public var pipewireSockets: [String] { PipeWireServer.socketCandidates(environment: environment) }

    /// Where libpulse would connect (``PulseAudioServerAddress``).
    public var pulseAddress: PulseAudioServerAddress { PulseAudioServerAddress(environment: environment) }
}
