/// Settings given by environment variables, applied on top of the settings
/// file and the host's overrides: the user's emergency override.
///
/// Each key of ``SettingsFileFormat`` has a variable: `INPUTCLICK_CLICKS`,
/// `INPUTCLICK_VOLUME`, `INPUTCLICK_PROFILE`, `INPUTCLICK_SOUND_PACK`,
/// `INPUTCLICK_SOUND_THEME`, `INPUTCLICK_DUCK_DEPTH_DB`, `INPUTCLICK_DUCK_ATTACK_MS`,
/// `INPUTCLICK_DUCK_HOLD_MS` and `INPUTCLICK_DUCK_RELEASE_MS`. Values are
/// spelled exactly as in the file. An empty variable counts as unset. A
/// relative `INPUTCLICK_SOUND_PACK` is relative to the current directory.
/// (`INPUTCLICK_CONFIG`, which picks the file itself, is handled by ``SettingsLocation``.)
///
/// **All or nothing.** If any of these variables holds a bad value, the
/// whole environment layer is refused: none of the variables applies, and the
/// settings come from the file (or the defaults) alone. The error names the
/// first bad variable in the order above.
public struct SettingsEnvironmentOverrides: Sendable, Hashable {
    private var values: [SettingsKey: SettingsKey.Value]

    public static let none = SettingsEnvironmentOverrides(values: [:])

    private init(values: [SettingsKey: SettingsKey.Value]) {
        self.values = values
    }

    /// Reads the overrides from `environment`.
    ///
    /// - Parameters:
    ///   - environment: The variables, usually ``ProcessEnvironment/current()``.
    ///   - currentDirectory: What a relative `INPUTCLICK_SOUND_PACK` is relative
    ///     to; the process's current directory when `nil`.
    /// - Throws: ``SettingsError`` (kind ``SettingsError/Kind/invalidValue``,
    ///   with ``SettingsError/variable`` set) for the first bad variable,
    ///   including one whose value is not UTF-8 text.
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

    /// The keys these overrides set, in the documented order.
    public var keys: [SettingsKey] { SettingsKey.allCases.filter { values[$0] != nil } }

    /// `settings` with every override applied.
    public func applied(to settings: ClickSettings) -> ClickSettings {
        var result = settings
        for key in SettingsKey.allCases {
            if let value = values[key] { key.assign(value, to: &result) }
        }
        return result
    }
}
