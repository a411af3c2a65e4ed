import InputClick

/// ``InputClick/StreamProperties`` as PipeWire properties.
extension StreamProperties {
    /// Name, icon, and `client-rt.conf`, which gives the data loop real-time scheduling
    /// where the system allows it.
    var context: [(key: String, value: String)] {
        [("config.name", "client-rt.conf"), ("application.name", applicationName),
         ("application.icon-name", iconName)]
    }

    /// Asks the graph for `latencyFrames` at `sampleRate` (`node.latency`).
    func stream(latencyFrames: Int, sampleRate: Int) -> [(key: String, value: String)] {
        [("media.type", "Audio"), ("media.category", "Playback"), ("media.role", pipeWireRole),
         ("media.name", streamName), ("application.name", applicationName), ("application.icon-name", iconName),
         ("node.latency", "\(latencyFrames)/\(sampleRate)")]
    }

    /// Capitalised, as PipeWire spells media roles (`event` → `Event`).
    var pipeWireRole: String { role.prefix(1).uppercased() + role.dropFirst() }
}
