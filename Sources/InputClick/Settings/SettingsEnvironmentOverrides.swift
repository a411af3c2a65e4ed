/// The environment layer (`INPUTCLICK_CLICKS`, `INPUTCLICK_VOLUME`, …: `INPUTCLICK_` and the key in
/// capitals), over the file and the host's overrides: the user's emergency override. Values are spelled
/// as in the file; empty counts as unset. One bad variable refuses the whole layer, naming the first.
public struct SettingsEnvironmentOverrides: Sendable, Hashable {
    private var values: [SettingsKey: SettingsKey.Value]

    public static let none = SettingsEnvironmentOverrides(values: [:])

    private init(values: [SettingsKey: SettingsKey.Value]) {
        self.values = values
    }

    /// - Parameter currentDirectory: What a relative `INPUTCLICK_SOUND_PACK` is relative to.
    /// - Throws: ``SettingsError/Kind/invalidValue``, with ``SettingsError/variable`` set, for the first bad
    ///   variable, including one that is not UTF-8 text.
    public init(environment: ProcessEnvironment, currentDirectory: String? = nil) throws(SettingsError) {
        var values: [SettingsKey: SettingsKey.Value] = [:]
        let home = SettingsHome(environment: environment)
        for key in SettingsKey.allCases {
            let variable = key.environmentVariable
            if let raw = environment.nonUTF8Variables[variable] {
                throw key == .soundPack
                    ? SettingsLocation.notUTF8(variable, raw, naming: "the sound pack")
                    : SettingsError(kind: .invalidValue, variable: variable, problem: "\(variable) is not UTF-8 text (\(raw))")
            }
            guard let text = environment[variable], !text.isEmpty else { continue }
            let base = currentDirectory ?? FilePaths.currentDirectory()
            switch key.parse(text, baseDirectory: base, home: home) {
            case .success(let value): values[key] = value
            case .failure(let problem):
                throw SettingsError(kind: .invalidValue, variable: variable, problem: "\(variable) \(problem.text)")
            }
        }
        self.values = values
    }

    /// In the documented order.
    public var keys: [SettingsKey] { SettingsKey.allCases.filter { values[$0] != nil } }

    public func applied(to settings: ClickSettings) -> ClickSettings {
        var result = settings
        for key in SettingsKey.allCases {
            if let value = values[key] { key.assign(value, to: &result) }
        }
        return result
    }
}
