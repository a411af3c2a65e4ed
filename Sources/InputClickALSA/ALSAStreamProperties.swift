#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a sound server is told about InputClick's streams: event sounds
/// (`media.role=event`, so a desktop can route, duck or mute them as feedback), the
/// application's name and its icon. Only the `pulse` and `pipewire` PCMs pass them on,
/// and neither takes a name or icon in its ALSA configuration, so they go through the
/// environment when a PCM opens: `PIPEWIRE_ALSA` for the pipewire PCM's node; libpulse's
/// `PULSE_PROP`, and `PULSE_PROP_OVERRIDE` for the name (the pulse PCM names its client
/// `ALSA plug-in [program]`). Set by ``ALSAOutput/announceStreams(_:)``.
public struct ALSAStreamProperties: Sendable, Equatable {
    /// `event` for feedback sounds.
    public var role: String
    /// As a mixer shows it.
    public var applicationName: String
    /// A freedesktop icon name.
    public var iconName: String

    public init(role: String = "event", applicationName: String = "InputClick", iconName: String = "input-keyboard") {
        self.role = role
        self.applicationName = applicationName
        self.iconName = iconName
    }

    /// `{ media.role = "event" application.name = "InputClick" application.icon-name = "input-keyboard" }`.
    public var pipeWireProperties: String {
        "{ media.role = \(Self.quoted(role)) application.name = \(Self.quoted(applicationName))"
            + " application.icon-name = \(Self.quoted(iconName)) }"
    }

    /// `media.role="event" application.icon_name="input-keyboard"`.
    public var pulseProperties: String {
        "media.role=\(Self.quoted(role)) application.icon_name=\(Self.quoted(iconName))"
    }

    /// `application.name="InputClick"`.
    public var pulseOverrideProperties: String {
        "application.name=\(Self.quoted(applicationName))"
    }

    /// By name, also for a child process.
    public var environment: [(name: String, value: String)] {
        [("PIPEWIRE_ALSA", pipeWireProperties), ("PULSE_PROP", pulseProperties),
         ("PULSE_PROP_OVERRIDE", pulseOverrideProperties)]
    }

    /// Double-quoted with `\` and `"` escaped, as PipeWire's and libpulse's parsers read.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }
}
