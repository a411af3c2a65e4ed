import InputClick

/// ``InputClick/StreamProperties`` as PipeWire properties, and the latency
/// the stream asks of the graph (`node.latency`, from ``InputClick/ServerLatencyPolicy``).
extension StreamProperties {
    /// The client's (context's) properties: its name and icon, and
    /// `client-rt.conf`, the client configuration that gives the data loop
    /// real-time scheduling where the system allows it.
    var context: [(key: String, value: String)] {
        [("config.name", "client-rt.conf"), ("application.name", applicationName),
         ("application.icon-name", iconName)]
    }

    /// The stream's properties, asking the graph for `latencyFrames` at `sampleRate`.
    func stream(latencyFrames: Int, sampleRate: Int) -> [(key: String, value: String)] {
        [("media.type", "Audio"), ("media.category", "Playback"), ("media.role", pipeWireRole),
         ("media.name", streamName), ("application.name", applicationName), ("application.icon-name", iconName),
         ("node.latency", "\(latencyFrames)/\(sampleRate)")]
    }

    /// The role as PipeWire spells its media roles: capitalised (`event` → `Event`).
    var pipeWireRole: String { role.prefix(1).uppercased() + role.dropFirst() }
}
