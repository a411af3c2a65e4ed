extension InputClickEngine {
    /// Sets one setting as a host override (in memory, over the settings file, under the `INPUTCLICK_*`
    /// environment; ``SettingsStore/setHostOverride(_:to:)``) and applies the result.
    ///
    /// - Parameter text: the value spelled as in the settings file.
    /// - Returns: the settings now in force.
    /// - Throws: ``SettingsError`` for a bad value; nothing changes then.
    @discardableResult
    public func setHostOverride(_ key: SettingsKey, to text: String) throws(SettingsError) -> ClickSettings {
        let settings = try settingsStore.setHostOverride(key, to: text)
        subscriber.apply(settings)
        return settings
    }

    /// Removes a host override, so the user's value applies again; returns the settings now in force.
    @discardableResult
    public func clearHostOverride(_ key: SettingsKey) -> ClickSettings {
        let settings = settingsStore.clearHostOverride(key)
        subscriber.apply(settings)
        return settings
    }

    /// Removes every host override and returns the settings now in force.
    @discardableResult
    public func clearHostOverrides() -> ClickSettings {
        let settings = settingsStore.clearHostOverrides()
        subscriber.apply(settings)
        return settings
    }
}
