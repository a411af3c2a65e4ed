/// Some keys' values, applied over the settings beneath them: one of the
/// layers ``SettingsStore`` stacks (desktop, file, host, environment).
///
/// Thread context: a plain value; use it from any thread.
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

extension SettingsFileFormat {
    /// The keys a settings file's text sets. Meant for text that
    /// ``parse(text:file:homeDirectory:)`` accepted, so that the file's
    /// keys can sit over the desktop's while the keys it leaves out do not.
    ///
    /// Thread context: any thread.
    static func keys(in text: String) -> Set<SettingsKey> {
        var keys: Set<SettingsKey> = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
            guard name.first != "#" else { continue }
            let trimmed = String(name.reversed().drop(while: { $0.isWhitespace }).reversed())
            if let key = SettingsKey(rawValue: trimmed) { keys.insert(key) }
        }
        return keys
    }
}
