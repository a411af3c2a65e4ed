/// What the desktop says about input feedback, read through GSettings: the lowest settings layer.
/// README, *Settings*, has the key mapping.
///
/// GNOME ships `input-feedback-sounds` as `false`, so it counts only once the user has set it; the other
/// keys count with their defaults. GIO is loaded at run time (``GIOSettingsLibrary``); without it or a
/// schema, that schema says nothing. `INPUTCLICK_DESKTOP_SETTINGS=off` turns the lookup off (tests do).
/// Read at each store load and reload: GSettings' change signal needs a GLib main loop, which we do not run.
public struct DesktopSettings: Sendable, Hashable {
    /// `input-feedback-sounds` when the user has set it.
    public var clicksEnabled: Bool?
    /// `theme-name`; `nil` when unreadable or empty.
    public var soundTheme: String?
    /// feedbackd's `profile`; `nil` when unreadable or unknown.
    public var profile: ClickProfile?

    public static let switchVariable = "INPUTCLICK_DESKTOP_SETTINGS"
    public static let gnomeSoundSchema = "org.gnome.desktop.sound"
    public static let feedbackdSchema = "org.sigxcpu.feedbackd"

    public static let none = DesktopSettings()

    public init(clicksEnabled: Bool? = nil, soundTheme: String? = nil, profile: ClickProfile? = nil) {
        self.clicksEnabled = clicksEnabled
        self.soundTheme = soundTheme
        self.profile = profile
    }

    /// Unset, empty or `on` (`true`, `yes`, `1`) allows it; anything else turns it off, and a value other
    /// than `off` (`false`, `no`, `0`) is reported by ``switchError(in:)``.
    public static func isEnabled(in environment: ProcessEnvironment) -> Bool {
        if environment.nonUTF8Variables[switchVariable] != nil { return false }
        guard let text = environment[switchVariable], !text.isEmpty else { return true }
        return SettingsValueSyntax.boolean(text) ?? false
    }

    /// A value that is not one of those words (any case) or not UTF-8 text; `nil` when good, empty or unset.
    public static func switchError(in environment: ProcessEnvironment) -> SettingsError? {
        let consequence = "; the desktop's settings are not read"
        if let raw = environment.nonUTF8Variables[switchVariable] {
            return SettingsError(kind: .invalidValue, variable: switchVariable,
                                 problem: "\(switchVariable) is not UTF-8 text (\(raw))" + consequence)
        }
        guard let text = environment[switchVariable], !text.isEmpty, SettingsValueSyntax.boolean(text) == nil else { return nil }
        return SettingsError(kind: .invalidValue, variable: switchVariable,
                             problem: "\(switchVariable) must be \(SettingsKey.clicks.accepted), not "
                                 + SettingsValueSyntax.quoted(text) + consequence)
    }

    /// ``none`` when `environment` turns the lookup off or GIO cannot be loaded.
    public static func read(environment: ProcessEnvironment) -> DesktopSettings {
        guard isEnabled(in: environment), let gio = GIOSettingsLibrary.shared else { return .none }
        var desktop = DesktopSettings()
        let sound = gio.read(schema: gnomeSoundSchema, keys: [("input-feedback-sounds", true, true),
                                                              ("theme-name", false, false)])
        if case .boolean(let on)? = sound["input-feedback-sounds"] { desktop.clicksEnabled = on }
        if case .string(let name)? = sound["theme-name"], SettingsValueSyntax.isThemeName(name) { desktop.soundTheme = name }
        let feedbackd = gio.read(schema: feedbackdSchema, keys: [("profile", false, false)])
        if case .string(let word)? = feedbackd["profile"] { desktop.profile = ClickProfile(name: word) }
        return desktop
    }

    var layer: SettingsLayer {
        var values: [SettingsKey: SettingsKey.Value] = [:]
        if let clicksEnabled { values[.clicks] = .boolean(clicksEnabled) }
        if let soundTheme { values[.soundTheme] = .theme(soundTheme) }
        if let profile { values[.profile] = .profile(profile) }
        return SettingsLayer(values: values)
    }

    /// In the documented order.
    public var keys: [SettingsKey] { layer.keys }
}
