/// What the desktop says about input feedback, read through GSettings: the
/// lowest layer of the settings, under the settings file.
///
/// | Desktop key | Setting | How it maps |
/// |---|---|---|
/// | `org.gnome.desktop.sound input-feedback-sounds` | `clicks` | `false` → `off`, `true` → `on`; only when the user has set it (see below) |
/// | `org.gnome.desktop.sound theme-name` | `sound-theme` | the theme's name (GNOME's default is `freedesktop`) |
/// | `org.sigxcpu.feedbackd profile` (feedbackd) | `profile` | `full`, `quiet`, `silent` → the same profile |
///
/// GNOME ships `input-feedback-sounds` as `false`, so honouring its default
/// would silence every host whose user never touched the switch; the key
/// counts only once the user has set it (GNOME Settings' "Input Feedback
/// Sounds", or `gsettings set`). The other keys count with their defaults.
///
/// **Where it can be read.** GIO is loaded at run time (``GIOSettingsLibrary``);
/// without it, or without a schema, that schema's keys say nothing. Setting
/// `INPUTCLICK_DESKTOP_SETTINGS=off` turns the lookup off (tests do this so
/// that the machine's desktop cannot change their outcome); `on` or unset
/// leaves it on, and any other value is an error (``switchError(in:)``) that
/// turns it off. The desktop is
/// read when a ``SettingsStore`` loads and on each reload; a change made in
/// the desktop's settings alone applies at the next reload (GSettings'
/// change signal needs a GLib main loop, which InputClick does not run).
public struct DesktopSettings: Sendable, Hashable {
    /// `input-feedback-sounds` when the user has set it; `nil` otherwise.
    public var clicksEnabled: Bool?
    /// `theme-name`; `nil` when it cannot be read or is empty.
    public var soundTheme: String?
    /// feedbackd's `profile`; `nil` when it cannot be read or is not a known profile.
    public var profile: ClickProfile?

    /// The variable that turns the desktop lookup off: `INPUTCLICK_DESKTOP_SETTINGS=off`.
    public static let switchVariable = "INPUTCLICK_DESKTOP_SETTINGS"
    /// GNOME's sound schema.
    public static let gnomeSoundSchema = "org.gnome.desktop.sound"
    /// feedbackd's schema.
    public static let feedbackdSchema = "org.sigxcpu.feedbackd"

    /// Nothing from the desktop.
    public static let none = DesktopSettings()

    /// Desktop values as given.
    public init(clicksEnabled: Bool? = nil, soundTheme: String? = nil, profile: ClickProfile? = nil) {
        self.clicksEnabled = clicksEnabled
        self.soundTheme = soundTheme
        self.profile = profile
    }

    /// Whether `environment` allows the desktop lookup: when
    /// ``switchVariable`` is unset, empty, or `on` (`true`, `yes`, `1`).
    /// `off` (`false`, `no`, `0`) turns it off, and so does any other value,
    /// which ``switchError(in:)`` reports: a value that is not understood
    /// never reads as on.
    public static func isEnabled(in environment: ProcessEnvironment) -> Bool {
        if environment.nonUTF8Variables[switchVariable] != nil { return false }
        guard let text = environment[switchVariable], !text.isEmpty else { return true }
        return SettingsValueSyntax.boolean(text) ?? false
    }

    /// What is wrong with ``switchVariable`` in `environment`: a value other
    /// than the words `on`/`off`, `true`/`false`, `yes`/`no`, `1`/`0` (any
    /// case), or one that is not UTF-8 text; `nil` when it is good, empty or unset.
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

    /// Reads the desktop's values through GIO, or ``none`` when
    /// `environment` turns the lookup off or GIO cannot be loaded.
    ///
    /// It loads GIO on first use.
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

    /// These values as a settings layer.
    var layer: SettingsLayer {
        var values: [SettingsKey: SettingsKey.Value] = [:]
        if let clicksEnabled { values[.clicks] = .boolean(clicksEnabled) }
        if let soundTheme { values[.soundTheme] = .theme(soundTheme) }
        if let profile { values[.profile] = .profile(profile) }
        return SettingsLayer(values: values)
    }

    /// The settings keys the desktop sets, in the documented order.
    public var keys: [SettingsKey] { layer.keys }
}
