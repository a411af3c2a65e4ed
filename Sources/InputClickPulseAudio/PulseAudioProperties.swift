import CPulseAudio

/// What the server is told about InputClick's stream, as property-list
/// entries of the client and the stream: an event sound (`media.role=event`,
/// so a desktop can route, duck or mute it as feedback), the application's
/// name and the icon a mixer shows beside it.
///
/// Thread context: a plain value.
public struct PulseAudioProperties: Sendable, Equatable {
    /// The media role; `event` for feedback sounds.
    public var role: String
    /// The application's name, as a mixer shows it.
    public var applicationName: String
    /// A freedesktop icon name for the application.
    public var iconName: String
    /// The stream's name (`media.name`).
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

    /// The entries set on the client's and the stream's property lists.
    var entries: [(String, String)] {
        [(PA_PROP_MEDIA_ROLE, role), (PA_PROP_APPLICATION_NAME, applicationName),
         (PA_PROP_APPLICATION_ICON_NAME, iconName)]
    }
}
