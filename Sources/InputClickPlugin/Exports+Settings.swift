import InputClick

// Settings. See inputclick.h for the contract.

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

// Host overrides: settings a host sets in memory, over the user's settings
// file and under the INPUTCLICK_* environment variables.

/// Sets `key` in the host layer, or clears it when `text` is `nil`, and applies the result.
private func setHostOverride(_ context: PluginContext, _ key: SettingsKey, _ text: String?) throws(PluginFailure) -> Int32 {
    guard let text else {
        context.engine.clearHostOverride(key)
        return PluginResult.ok.rawValue
    }
    do throws(SettingsError) {
        try context.engine.setHostOverride(key, to: text)
    } catch {
        throw PluginFailure(.invalidArgument, error.problem)
    }
    return PluginResult.ok.rawValue
}

@c(inputclick_set_volume)
public func inputclickSetVolume(_ context: OpaquePointer?, _ volume: Double) -> Int32 {
    ExportCall.withContext("inputclick_set_volume", context) { _, context throws(PluginFailure) -> Int32 in
        if volume.isNaN { return try setHostOverride(context, .volume, nil) }
        guard (0...1).contains(volume) else {
            throw PluginFailure(.invalidArgument, "volume \(volume) is outside 0 to 1 (NaN clears the host's volume)")
        }
        return try setHostOverride(context, .volume, SettingsKey.format(volume))
    }
}

@c(inputclick_set_profile)
public func inputclickSetProfile(_ context: OpaquePointer?, _ profile: UnsafePointer<CChar>?) -> Int32 {
    ExportCall.withContext("inputclick_set_profile", context) { _, context throws(PluginFailure) -> Int32 in
        let text = try profile.map { pointer throws(PluginFailure) in
            try CStringArguments.read(pointer, what: "profile", maximumBytes: 64)
        }
        return try setHostOverride(context, .profile, text)
    }
}

/// The sounds load on the player's queue.
@c(inputclick_set_sound_pack)
public func inputclickSetSoundPack(_ context: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    ExportCall.withContext("inputclick_set_sound_pack", context) { _, context throws(PluginFailure) -> Int32 in
        let text = try path.map { pointer throws(PluginFailure) in
            pointer.pointee == 0 ? "" : try CStringArguments.read(pointer, what: "sound pack path",
                                                                  maximumBytes: PluginOptionValues.maximumPathBytes)
        }
        return try setHostOverride(context, .soundPack, text)
    }
}

@c(inputclick_clear_host_settings)
public func inputclickClearHostSettings(_ context: OpaquePointer?) -> Int32 {
    ExportCall.withContext("inputclick_clear_host_settings", context) { _, context throws(PluginFailure) -> Int32 in
        context.engine.clearHostOverrides()
        return PluginResult.ok.rawValue
    }
}
