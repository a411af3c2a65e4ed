import InputClick

/// Makes the engine the CLI's subcommands play through.
///
/// - Throws: ``RuntimeFailure`` for a device name that does not exist.
func makeEngine(device: String, warnings: @escaping @Sendable (String) -> Void) throws -> InputClickEngine {
    // Replaced by the ALSA output when it lands.
    InputClickEngine(output: NullOutput(), options: .init(warningHandler: warnings))
}
