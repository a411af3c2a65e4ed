#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a sound server is told about InputClick's streams: that they are
/// event sounds (`media.role=event`, so a desktop can route, duck or mute
/// them as feedback rather than media), the application's name, and the
/// icon a mixer shows next to them.
///
/// Only the `pulse` and `pipewire` ALSA PCMs (and `default` where it routes
/// to them) pass these on; other devices have no such notion. Neither plugin
/// accepts a name or an icon in its ALSA configuration (alsa-lib's pipewire
/// PCM, 0.3.65, takes only `role`), but each reads them from one environment
/// variable when a PCM opens:
/// - the pipewire PCM reads `PIPEWIRE_ALSA`, a set of PipeWire properties
///   applied to the stream node;
/// - libpulse, under the pulse PCM, reads `PULSE_PROP`, properties of the
///   client that the server merges into each stream, and
///   `PULSE_PROP_OVERRIDE`, which replaces properties the client set itself:
///   the pulse PCM names its client `ALSA plug-in [program]`, so the
///   application's name goes there.
///
/// ``ALSAOutput/announceStreams(_:)`` sets them. ``environment`` gives the
/// same variables for a child process.
public struct ALSAStreamProperties: Sendable, Equatable {
    /// The media role; `event` for feedback sounds.
    public var role: String
    /// The application's name, as a mixer shows it.
    public var applicationName: String
    /// A freedesktop icon name for the application.
    public var iconName: String

    /// Properties with InputClick's defaults: role `event`, name `InputClick`,
    /// icon `input-keyboard`.
    public init(role: String = "event", applicationName: String = "InputClick", iconName: String = "input-keyboard") {
        self.role = role
        self.applicationName = applicationName
        self.iconName = iconName
    }

    /// `PIPEWIRE_ALSA`'s value: a PipeWire property object, such as
    /// `{ media.role = "event" application.name = "InputClick" application.icon-name = "input-keyboard" }`.
    public var pipeWireProperties: String {
        "{ media.role = \(Self.quoted(role)) application.name = \(Self.quoted(applicationName))"
            + " application.icon-name = \(Self.quoted(iconName)) }"
    }

    /// `PULSE_PROP`'s value: a PulseAudio property list, such as
    /// `media.role="event" application.icon_name="input-keyboard"`.
    public var pulseProperties: String {
        "media.role=\(Self.quoted(role)) application.icon_name=\(Self.quoted(iconName))"
    }

    /// `PULSE_PROP_OVERRIDE`'s value: `application.name="InputClick"`.
    public var pulseOverrideProperties: String {
        "application.name=\(Self.quoted(applicationName))"
    }

    /// The environment variables that carry these properties, by name.
    public var environment: [(name: String, value: String)] {
        [("PIPEWIRE_ALSA", pipeWireProperties), ("PULSE_PROP", pulseProperties),
         ("PULSE_PROP_OVERRIDE", pulseOverrideProperties)]
    }

    /// `text` in double quotes, with `\` and `"` escaped: both PipeWire's
    /// JSON-like parser and libpulse's property-list parser read that form.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }
}
