import InputClick
#if canImport(Glibc)
import Glibc
#endif
import InputClickALSA
import InputClickBackends

/// The engine the CLI's subcommands play through, on the output ``makeOutput(device:backend:)``
/// chooses. `type` lifts `rateLimit`: its planned taps must each click.
///
/// - Throws: ``RuntimeFailure`` as ``makeOutput(device:backend:)``.
func makeEngine(device: String, backend: BackendPreference? = nil, rateLimit: ClickRateLimit = .default,
                warnings: @escaping @Sendable (String) -> Void) throws -> InputClickEngine {
    var player = ClickPlayerConfiguration()
    player.stream.scheduling = try schedulingPreference(option: nil)
    let output = try makeOutput(device: device, backend: backend ?? backendPreference(option: nil)).output
    return InputClickEngine(output: output, options: .init(player: player, rateLimit: rateLimit, warningHandler: warnings))
}

/// The running sound server's native backend for `default`; ALSA for a named PCM or when
/// no server runs (``BackendSelection``).
///
/// - Throws: ``RuntimeFailure``: exit 69 when a backend asked for cannot be used, 64 for a
///   PCM that does not exist or is named with a native backend, 78 for an unreadable
///   ALSA configuration.
func makeOutput(device: String, backend: BackendPreference) throws -> (output: any AudioOutput, selection: BackendSelection) {
    let selection: BackendSelection
    do {
        selection = try BackendSelection.choose(device: device, preference: backend,
                                                libraryProblem: NativeBackends.libraryProblem)
    } catch {
        throw RuntimeFailure(error.description, exitCode: device == "default" ? ExitCode.unavailable : ExitCode.usage)
    }
    switch selection.backend {
    case .alsa:
        return (try makeALSAOutput(device: selection.device), selection)
    case .pipewire, .pulseaudio:
        do {
            return (try NativeBackends.makeOutput(for: selection, applicationName: "inputclick"), selection)
        } catch {
            throw RuntimeFailure("\(error)", exitCode: ExitCode.unavailable)
        }
    }
}

/// `option` (`--backend`) if given, else `INPUTCLICK_BACKEND`, else `auto`.
/// - Throws: ``UsageError`` (exit 64) for any other value than `auto`, `alsa`, `pipewire`, `pulseaudio`.
func backendPreference(option: String?) throws -> BackendPreference {
    let (text, source): (String?, String) = option != nil
        ? (option, "--backend") : (getenv("INPUTCLICK_BACKEND").map { String(cString: $0) }, "INPUTCLICK_BACKEND")
    guard let text else { return .automatic }
    guard let preference = BackendPreference(name: text) else {
        throw UsageError("\(source) must be \(BackendPreference.names.joined(separator: ", ")), not '\(text)'")
    }
    return preference
}

/// `option` (`--scheduling`) if given, else `INPUTCLICK_SCHEDULING`, else `auto`.
/// - Throws: ``UsageError`` (exit 64) for any other value than `auto`, `on-demand`, `append`.
func schedulingPreference(option: String?) throws -> SchedulingPreference {
    let (text, source): (String?, String) = option != nil
        ? (option, "--scheduling") : (getenv("INPUTCLICK_SCHEDULING").map { String(cString: $0) }, "INPUTCLICK_SCHEDULING")
    guard let text else { return .automatic }
    guard let preference = SchedulingPreference(name: text) else {
        throw UsageError("\(source) must be auto, on-demand or append, not '\(text)'")
    }
    return preference
}

/// Asked of a sound server's graph while a keyboard is visible: `option` (`--latency`) if
/// given, else `INPUTCLICK_LATENCY`, else `balanced`.
/// - Throws: ``UsageError`` (exit 64) for any other value than `lowest`, `balanced`, `economy`.
func serverLatencyPolicy(option: String?) throws -> ServerLatencyPolicy {
    let (text, source): (String?, String) = option != nil
        ? (option, "--latency") : (getenv("INPUTCLICK_LATENCY").map { String(cString: $0) }, "INPUTCLICK_LATENCY")
    guard let text else { return .balanced }
    guard let policy = ServerLatencyPolicy(name: text) else {
        throw UsageError("\(source) must be lowest, balanced or economy, not '\(text)'")
    }
    return policy
}

/// Checked against the ALSA configuration, with alsa-lib's locking off (the CLI alone uses
/// its PCMs), its diagnostics silenced, and streams announced as event sounds.
///
/// - Throws: ``RuntimeFailure``: exit 78 for an unreadable configuration, 64 for an unknown name.
func makeALSAOutput(device: String) throws -> ALSAOutput {
    ALSAOutput.disableLibraryLocking()
    ALSAOutput.silenceLibraryMessages()
    ALSAOutput.announceStreams()
    do {
        return try ALSAOutput(device: device)
    } catch {
        if case .unreadableConfiguration = error {
            throw RuntimeFailure(error.description, exitCode: ExitCode.configuration)
        }
        throw RuntimeFailure(error.description, exitCode: ExitCode.usage)
    }
}
