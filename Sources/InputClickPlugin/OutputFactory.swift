import InputClick
import InputClickALSA

/// Makes the audio output a context plays on. The only place the plugin
/// chooses an output type.
///
/// Thread context: any thread.
enum OutputFactory {
    /// The output for the ALSA PCM `device`.
    ///
    /// - Throws: ``PluginFailure`` naming the device when it does not exist.
    static func makeOutput(device: String) throws(PluginFailure) -> any AudioOutput {
        // Until ALSAOutput lands on main: a null output, paced like a device.
        NullOutput()
    }
}
