/// What InputClick tells PipeWire about its client and its stream: event
/// sounds (`media.role = Event`, so a desktop can route, duck or mute them as
/// feedback), the application's name and icon, and the latency the stream
/// asks of the graph (`node.latency`, from ``InputClick/ServerLatencyPolicy``).
/// Set as properties of the client and the stream, never through the
/// environment.
///
/// Thread context: a plain value.
public struct PipeWireStreamProperties: Sendable, Hashable {
    /// The media role; `Event` for feedback sounds.
    public var role: String
    /// The application's name, as a mixer shows it.
    public var applicationName: String
    /// A freedesktop icon name for the application.
    public var iconName: String
    /// The stream's name (`media.name`), as a mixer shows it.
    public var streamName: String

    /// Properties with InputClick's defaults: role `Event`, name `InputClick`,
    /// icon `input-keyboard`, stream `Key clicks`.
    public init(role: String = "Event", applicationName: String = "InputClick", iconName: String = "input-keyboard",
                streamName: String = "Key clicks") {
        self.role = role
        self.applicationName = applicationName
        self.iconName = iconName
        self.streamName = streamName
    }

    /// The client's (context's) properties: its name and icon, and
    /// `client-rt.conf`, the client configuration that gives the data loop
    /// real-time scheduling where the system allows it.
    public var context: [(key: String, value: String)] {
        [("config.name", "client-rt.conf"), ("application.name", applicationName),
         ("application.icon-name", iconName)]
    }

    /// The stream's properties, asking the graph for `latencyFrames` at `sampleRate`.
    public func stream(latencyFrames: Int, sampleRate: Int) -> [(key: String, value: String)] {
        [("media.type", "Audio"), ("media.category", "Playback"), ("media.role", role),
         ("media.name", streamName), ("application.name", applicationName), ("application.icon-name", iconName),
         ("node.latency", "\(latencyFrames)/\(sampleRate)")]
    }
}
