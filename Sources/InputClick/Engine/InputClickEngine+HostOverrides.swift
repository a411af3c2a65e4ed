extension InputClickEngine {
    /// Sets one setting as a host override: in memory, over the user's
    /// settings file and under the `INPUTCLICK_*` environment variables
    /// (see ``SettingsStore/setHostOverride(_:to:)``), and applies the result.
    ///
    /// - Parameters:
    ///   - key: The setting, e.g. ``SettingsKey/volume``.
    ///   - text: The value spelled as in the settings file.
    /// - Returns: The settings now in force.
    /// - Throws: ``SettingsError`` for a bad value; nothing changes then.
    ///
    /// A sound-pack or theme change loads sounds on the player's queue.
    @discardableResult
    public func setHostOverride(_ key: SettingsKey, to text: String) throws(SettingsError) -> ClickSettings {
        let settings = try settingsStore.setHostOverride(key, to: text)
        subscriber.apply(settings)
        return settings
    }

    /// Removes a host override, so the user's value applies again, and applies the result.
    ///
    /// - Returns: The settings now in force.
    @discardableResult
    public func clearHostOverride(_ key: SettingsKey) -> ClickSettings {
        let settings = settingsStore.clearHostOverride(key)
        subscriber.apply(settings)
        return settings
    }

    /// Removes every host override at once and applies the result.
    ///
    /// - Returns: The settings now in force.
    @discardableResult
    public func clearHostOverrides() -> ClickSettings {
        let settings = settingsStore.clearHostOverrides()
        subscriber.apply(settings)
        return settings
    }
}
