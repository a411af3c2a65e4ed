import InputClick
import InputClickALSA

/// Makes the engine the CLI's subcommands play through, on the ALSA device `device`.
///
/// - Parameter rateLimit: the gate's per-kind limit; `type` lifts it, because
///   its taps are planned and each must click.
/// - Throws: ``RuntimeFailure`` (exit 64) for a device name that does not exist.
func makeEngine(device: String, rateLimit: ClickRateLimit = .default,
                warnings: @escaping @Sendable (String) -> Void) throws -> InputClickEngine {
    InputClickEngine(output: try makeALSAOutput(device: device),
                     options: .init(rateLimit: rateLimit, warningHandler: warnings))
}

/// The ALSA output for `device`, checked against the ALSA configuration, with
/// alsa-lib's internal locking off (the CLI is the only user of its PCMs) and
/// its own stderr diagnostics silenced (the player warns once, in its words).
///
/// - Throws: ``RuntimeFailure`` (exit 64) naming the device and the problem.
func makeALSAOutput(device: String) throws -> ALSAOutput {
    ALSAOutput.disableLibraryLocking()
    ALSAOutput.silenceLibraryMessages()
    do {
        return try ALSAOutput(device: device)
    } catch {
        throw RuntimeFailure(error.description, exitCode: ExitCode.usage)
    }
}
