/// What InputClick tells a sound server about its client and stream (role, application, icon, stream name),
/// which both native backends map to their server's property lists, never through the environment.
public struct StreamProperties: Sendable, Hashable {
    /// The media role as freedesktop and PulseAudio spell it (`event` for feedback sounds); PipeWire's
    /// `media.role` gets it capitalised (`Event`).
    public var role: String
    public var applicationName: String
    /// A freedesktop icon name.
    public var iconName: String
    /// `media.name`.
    public var streamName: String

    public init(role: String = "event", applicationName: String = "InputClick", iconName: String = "input-keyboard",
                streamName: String = "Key clicks") {
        self.role = role
        self.applicationName = applicationName
        self.iconName = iconName
        self.streamName = streamName
    }
}
