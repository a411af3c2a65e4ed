import CPulseAudio
import InputClick

/// ``InputClick/StreamProperties`` as PulseAudio property-list entries.
extension StreamProperties {
    /// `media.role`, `application.name`, `application.icon_name`, for client and stream.
    var entries: [(String, String)] {
        [(PA_PROP_MEDIA_ROLE, role), (PA_PROP_APPLICATION_NAME, applicationName),
         (PA_PROP_APPLICATION_ICON_NAME, iconName)]
    }
}
