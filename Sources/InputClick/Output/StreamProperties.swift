/// What InputClick tells a sound server about its client and its stream: an
/// event sound (so a desktop can route, duck or mute it as feedback), the
/// application's name, the icon a mixer shows beside it, and the stream's
/// name. The one description both native backends map to their server's
/// property lists (PipeWire's client and stream properties, PulseAudio's
/// client and stream property lists); set as properties, never through the
/// environment.
public struct StreamProperties: Sendable, Hashable {
    /// The media role, spelled as freedesktop and PulseAudio spell it
    /// (`event`, `music`, `game`, ...); `event` for feedback sounds. PipeWire's
    /// `media.role` gets it capitalised (`Event`).
    public var role: String
    /// The application's name, as a mixer shows it.
    public var applicationName: String
    /// A freedesktop icon name for the application.
    public var iconName: String
    /// The stream's name (`media.name`), as a mixer shows it.
    public var streamName: String

    /// Properties with InputClick's defaults: role `event`, name `InputClick`,
    /// icon `input-keyboard`, stream `Key clicks`.
    public init(role: String = "event", applicationName: String = "InputClick", iconName: String = "input-keyboard",
                streamName: String = "Key clicks") {
        self.role = role
        self.applicationName = applicationName
        self.iconName = iconName
        self.streamName = streamName
    }
}
