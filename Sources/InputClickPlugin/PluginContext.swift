#if canImport(Glibc)
import Glibc
#endif
import InputClick
import InputClickBackends

/// The payload of an `inputclick_context` handle.
final class PluginContext: Sendable {
    let engine: InputClickEngine
    let warnings: WarningLog
    /// For messages.
    let device: String
    /// And why.
    let selection: BackendSelection

    /// Checks the device and assembles an engine on it; opens no stream. Reads the ALSA
    /// configuration and the settings file.
    init(options values: PluginOptionValues) throws(PluginFailure) {
        let warnings = WarningLog(callback: values.logCallback, toStandardError: values.warningsToStandardError)
        let (output, selection) = try OutputFactory.makeOutput(device: values.device, backend: values.backend,
                                                               libraryMessageHandler: { warnings.libraryMessage($0) },
                                                               warn: { warnings.record($0) })
        let warn: @Sendable (String) -> Void = { warnings.record($0) }
        var player = ClickPlayerConfiguration()
        player.stream.latency = values.latency
        if let fixed = values.serverLatency { player.stream.serverLatency = fixed }
        // What a stream kept running on a sound server asks of its graph is
        // the user's `latency` setting (INPUTCLICK_LATENCY over the file).
        player.lingerNanoseconds = UInt64(values.lingerMilliseconds) * 1_000_000
        player.warningHandler = warn
        player.noteHandler = { warnings.note($0) }
        var options = InputClickEngine.Options(
            player: player,
            settingsFile: values.settingsFile,
            watchesSettings: values.watchesSettings,
            warningHandler: warn)
        options.serverLatencyFromSettings = values.serverLatency == nil
        self.engine = InputClickEngine(output: output, options: options)
        self.warnings = warnings
        self.device = values.device
        self.selection = selection
    }

    /// No log callback is called afterwards. Not on the player's control queue; waits for
    /// the stream to close.
    func shutdown() {
        engine.shutdown()
        warnings.close()
    }

    /// Shut down again when no handle can be had.
    static func handle(options values: PluginOptionValues) throws(PluginFailure) -> OpaquePointer {
        let context = try PluginContext(options: values)
        do {
            return try PluginHandle.make(.context, payload: context)
        } catch {
            context.shutdown()
            throw error
        }
    }
}
