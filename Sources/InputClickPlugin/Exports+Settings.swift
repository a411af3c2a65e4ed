import InputClick

// Settings. See inputclick.h for the contract.

/// `int inputclick_reload_settings(inputclick_context *ctx)`.
///
/// Thread context: any thread; reads the settings file on the calling thread.
@c(inputclick_reload_settings)
public func inputclickReloadSettings(_ context: OpaquePointer?) -> Int32 {
    ExportCall.withContext("inputclick_reload_settings", context) { _, context throws(PluginFailure) -> Int32 in
        switch context.engine.reloadSettings() {
        case .success:
            return PluginResult.ok.rawValue
        case .failure(let error):
            throw PluginFailure(.settings, "\(error) (the previous settings stay in force)")
        }
    }
}
