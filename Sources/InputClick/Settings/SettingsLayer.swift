/// Some keys' values, applied over the settings beneath: one of ``SettingsStore``'s layers.
struct SettingsLayer: Sendable, Hashable {
    /// Keys this layer leaves alone are absent.
    var values: [SettingsKey: SettingsKey.Value] = [:]

    static let empty = SettingsLayer()

    init(keys: some Sequence<SettingsKey>, of settings: ClickSettings) {
        for key in keys { values[key] = key.value(in: settings) }
    }

    init(values: [SettingsKey: SettingsKey.Value] = [:]) {
        self.values = values
    }

    /// In the documented order.
    var keys: [SettingsKey] { SettingsKey.allCases.filter { values[$0] != nil } }

    func applied(to settings: ClickSettings) -> ClickSettings {
        var result = settings
        for key in SettingsKey.allCases {
            if let value = values[key] { key.assign(value, to: &result) }
        }
        return result
    }
}
