import CPulseAudio
import InputClick

/// ``InputClick/StreamProperties`` as PulseAudio property-list entries.
extension StreamProperties {
    /// The entries set on the client's and the stream's property lists:
    /// `media.role`, `application.name`, `application.icon_name`.
    var entries: [(String, String)] {
        [(PA_PROP_MEDIA_ROLE, role), (PA_PROP_APPLICATION_NAME, applicationName),
         (PA_PROP_APPLICATION_ICON_NAME, iconName)]
    }
}
