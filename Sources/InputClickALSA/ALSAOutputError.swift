import InputClick

/// Why an ``ALSAOutput`` could not be made, or a stream not opened.
public enum ALSAOutputError: Error, Sendable, Hashable, CustomStringConvertible, PersistentOutputError {
    case emptyDeviceName
    /// Not a PCM of the ALSA configuration.
    case unknownDevice(name: String)
    /// A sound card that does not exist (`hw:5,0`).
    case unknownCard(name: String, card: String)
    /// Busy, its sound server down, no card.
    case openFailed(device: String, ALSAError)
    case configurationFailed(device: String, ALSAError)
    case noUsableFormat(device: String, tried: [String])
    /// Its plugin library cannot be loaded (`library` as configured, `reason` the loader's
    /// words). Retrying soon cannot help.
    case missingPlugin(device: String, library: String, reason: String)
    /// `problem` says where it is broken (file and line, when alsa-lib says).
    case unreadableConfiguration(problem: String, ALSAError)

    public var description: String {
        switch self {
        case .emptyDeviceName:
            return "the ALSA device name is empty; use a PCM name such as 'default' or 'hw:0,0' (see 'aplay -L')"
        case .unknownDevice(let name):
            return "no ALSA device named '\(name)': it is not a PCM defined in the ALSA configuration (see 'aplay -L')"
        case .unknownCard(let name, let card):
            return "no ALSA device named '\(name)': there is no sound card '\(card)' (see 'aplay -l')"
        case .openFailed(let device, let error):
            return "cannot open ALSA device '\(device)': \(error.message)"
        case .configurationFailed(let device, let error):
            return "ALSA device '\(device)' refused the stream configuration: \(error)"
        case .noUsableFormat(let device, let tried):
            return "ALSA device '\(device)' accepts none of the sample formats \(tried.joined(separator: ", "))"
        case .missingPlugin(let device, let library, let reason):
            let fix = ALSALibraryMessages.package(providing: library).map { "install the package \($0) (Debian, Ubuntu)" }
                ?? "install the ALSA plugin that provides it"
            return "ALSA device '\(device)' needs the plugin library '\(library)' which cannot be loaded"
                + (reason.isEmpty ? "" : ": \(reason)") + "; \(fix), or pick another device (see 'aplay -L')"
        case .unreadableConfiguration(let problem, let error):
            return "the ALSA configuration cannot be read"
                + (problem.isEmpty ? "" : ": \(problem)") + " (\(error)); fix or remove the file"
        }
    }

    /// Only a missing plugin library: it stays missing until someone installs it.
    public var isPersistent: Bool {
        if case .missingPlugin = self { return true }
        return false
    }
}
