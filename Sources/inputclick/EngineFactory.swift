import InputClick
#if canImport(Glibc)
import Glibc
#endif
import InputClickALSA
import InputClickBackends

/// Makes the engine the CLI's subcommands play through: on `device` (an
/// ALSA PCM, or `default`) through the backend ``makeOutput(device:backend:)`` chooses.
///
/// - Parameter rateLimit: the gate's per-kind limit; `type` lifts it, because
///   its taps are planned and each must click.
/// - Throws: ``RuntimeFailure`` (exit 64) for a device name that does not exist, 78 for an
///   ALSA configuration that cannot be read, 69 for a backend asked for that cannot be used.
func makeEngine(device: String, backend: BackendPreference? = nil, rateLimit: ClickRateLimit = .default,
                warnings: @escaping @Sendable (String) -> Void) throws -> InputClickEngine {
    var player = ClickPlayerConfiguration()
    player.stream.scheduling = try schedulingPreference(option: nil)
    let output = try makeOutput(device: device, backend: backend ?? backendPreference(option: nil)).output
    return InputClickEngine(output: output, options: .init(player: player, rateLimit: rateLimit, warningHandler: warnings))
}

/// The output for `device` through the backend `backend` asks for
/// (``BackendSelection``): the running sound server's native backend for
/// `default`, ALSA for a named PCM or when no server runs.
///
/// - Throws: ``RuntimeFailure``: exit 69 when a backend asked for by name
///   cannot be used, 64 for a PCM that does not exist or a PCM named with a
///   native backend, 78 for an ALSA configuration that cannot be read.
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

/// The backend asked for: `option` (a `--backend` value) if given, else the
/// environment's `INPUTCLICK_BACKEND`, else `auto`.
///
/// - Throws: ``UsageError`` (exit 64) for a value that is not `auto`,
///   `alsa`, `pipewire` or `pulseaudio`.
func backendPreference(option: String?) throws -> BackendPreference {
    let (text, source): (String?, String) = option != nil
        ? (option, "--backend") : (getenv("INPUTCLICK_BACKEND").map { String(cString: $0) }, "INPUTCLICK_BACKEND")
    guard let text else { return .automatic }
    guard let preference = BackendPreference(name: text) else {
        throw UsageError("\(source) must be \(BackendPreference.names.joined(separator: ", ")), not '\(text)'")
    }
    return preference
}

/// The click scheduling asked for: `option` (a `--scheduling` value) if
/// given, else the environment's `INPUTCLICK_SCHEDULING`, else `auto`.
///
/// - Throws: ``UsageError`` (exit 64) for a value that is not `auto`,
///   `on-demand` or `append`.
func schedulingPreference(option: String?) throws -> SchedulingPreference {
    let (text, source): (String?, String) = option != nil
        ? (option, "--scheduling") : (getenv("INPUTCLICK_SCHEDULING").map { String(cString: $0) }, "INPUTCLICK_SCHEDULING")
    guard let text else { return .automatic }
    guard let preference = SchedulingPreference(name: text) else {
        throw UsageError("\(source) must be auto, on-demand or append, not '\(text)'")
    }
    return preference
}

/// The latency asked of a sound server's graph (PipeWire) while a keyboard
/// is visible: `option` (a `--latency` value) if given, else the
/// environment's `INPUTCLICK_LATENCY`, else `balanced`.
///
/// - Throws: ``UsageError`` (exit 64) for a value that is not `lowest`,
///   `balanced` or `economy`.
func serverLatencyPolicy(option: String?) throws -> ServerLatencyPolicy {
    let (text, source): (String?, String) = option != nil
        ? (option, "--latency") : (getenv("INPUTCLICK_LATENCY").map { String(cString: $0) }, "INPUTCLICK_LATENCY")
    guard let text else { return .balanced }
    guard let policy = ServerLatencyPolicy(name: text) else {
        throw UsageError("\(source) must be lowest, balanced or economy, not '\(text)'")
    }
    return policy
}

/// The ALSA output for `device`, checked against the ALSA configuration, with
/// alsa-lib's internal locking off (the CLI is the only user of its PCMs) and
/// its own stderr diagnostics silenced (the player warns once, in its words),
/// and its streams announced to PipeWire and PulseAudio as event sounds.
///
/// - Throws: ``RuntimeFailure`` naming the device and the problem: exit 78
///   when the ALSA configuration cannot be read, 64 for a name it does not define.
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
