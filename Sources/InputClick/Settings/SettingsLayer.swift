/// Some keys' values, applied over the settings beneath them: one of the
/// layers ``SettingsStore`` stacks (desktop, file, host, environment).
struct SettingsLayer: Sendable, Hashable {
    /// The values this layer sets; keys it leaves alone are absent.
    var values: [SettingsKey: SettingsKey.Value] = [:]

    /// A layer that sets nothing.
    static let empty = SettingsLayer()

    /// A layer that sets `keys` to their values in `settings`.
    init(keys: some Sequence<SettingsKey>, of settings: ClickSettings) {
        for key in keys { values[key] = key.value(in: settings) }
    }

    /// A layer of the given values.
    init(values: [SettingsKey: SettingsKey.Value] = [:]) {
        self.values = values
    }

    /// The keys this layer sets, in the documented order.
    var keys: [SettingsKey] { SettingsKey.allCases.filter { values[$0] != nil } }

    /// `settings` with every value of this layer applied.
    func applied(to settings: ClickSettings) -> ClickSettings {
        var result = settings
        for key in SettingsKey.allCases {
            if let value = values[key] { key.assign(value, to: &result) }
        }
        return result
    }
}
