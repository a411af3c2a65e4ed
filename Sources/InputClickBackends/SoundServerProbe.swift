import InputClick
import InputClickPipeWire
import InputClickPulseAudio

/// Finds the sound servers' sockets as their client libraries do
/// (``PipeWireServer/socketCandidates(environment:remote:)``, ``PulseAudioServerAddress``).
public struct SoundServerProbe: Sendable {
    /// The process's own by default.
    public var environment: ProcessEnvironment

    public init(environment: ProcessEnvironment = .current()) {
        self.environment = environment
    }

    /// In the order libpipewire tries them.
    public var pipewireSockets: [String] { PipeWireServer.socketCandidates(environment: environment) }

    /// Where libpulse would connect.
    public var pulseAddress: PulseAudioServerAddress { PulseAudioServerAddress(environment: environment) }
}
