/// One setting as named in the settings file (README, *Settings*, has the table of values and ranges).
/// Each key has an overriding ``environmentVariable``: `INPUTCLICK_` and the key in capitals, `-` as `_`.
public enum SettingsKey: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// ``ClickSettings/clicksEnabled``.
    case clicks = "clicks"
    /// ``ClickSettings/volume``.
    case volume = "volume"
    /// ``ClickSettings/profile``.
    case profile = "profile"
    /// ``ClickSettings/soundPackDirectory``; empty for the bundled sounds.
    case soundPack = "sound-pack"
    /// ``ClickSettings/soundTheme``; empty for none.
    case soundTheme = "sound-theme"
    /// ``ClickSettings/serverLatency``.
    case latency = "latency"
    /// ``DuckingParameters/depthDecibels``.
    case duckDepthDecibels = "duck-depth-db"
    /// ``DuckingParameters/attackMilliseconds``.
    case duckAttackMilliseconds = "duck-attack-ms"
    /// ``DuckingParameters/holdMilliseconds``.
    case duckHoldMilliseconds = "duck-hold-ms"
    /// ``DuckingParameters/releaseMilliseconds``.
    case duckReleaseMilliseconds = "duck-release-ms"

    public var description: String { rawValue }

    /// e.g. `INPUTCLICK_DUCK_DEPTH_DB`.
    public var environmentVariable: String {
        "INPUTCLICK_" + String(rawValue.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    /// `nil` for keys that are not numeric.
    public var range: ClosedRange<Double>? {
        switch self {
        case .volume: return 0...1
        case .duckDepthDecibels: return -60...0
        case .duckAttackMilliseconds: return 0.1...100
        case .duckHoldMilliseconds: return 0...2000
        case .duckReleaseMilliseconds: return 1...5000
        case .clicks, .profile, .soundPack, .soundTheme, .latency: return nil
        }
    }

    /// In words, e.g. `a number from 0 to 1`.
    public var accepted: String {
        switch self {
        case .clicks: return "on or off (or true/false, yes/no, 1/0)"
        case .profile: return "one of " + ClickProfile.allCases.map(\.description).joined(separator: ", ")
        case .soundPack: return "a directory path, or empty for the bundled sounds"
        case .soundTheme: return "a sound theme's name (such as freedesktop), or empty for none"
        case .latency: return "one of " + ServerLatencyPolicy.allCases.map(\.description).joined(separator: ", ")
        default:
            let range = range ?? 0...0
            return "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
        }
    }

    /// Spelled as the settings file spells it (`on`, `0.8`, `quiet`, an absolute path or empty).
    public func valueText(in settings: ClickSettings) -> String {
        switch self {
        case .clicks: return settings.clicksEnabled ? "on" : "off"
        case .volume: return Self.format(settings.volume)
        case .profile: return settings.profile.description
        case .soundPack:
            // Values are trimmed, so a directory whose name ends in a space
            // keeps it behind a slash, which reading drops again.
            guard let path = settings.soundPackDirectory else { return "" }
            return path.last?.isWhitespace == true ? path + "/" : path
        case .soundTheme: return settings.soundTheme ?? ""
        case .latency: return settings.serverLatency.description
        case .duckDepthDecibels: return Self.format(settings.ducking.depthDecibels)
        case .duckAttackMilliseconds: return Self.format(settings.ducking.attackMilliseconds)
        case .duckHoldMilliseconds: return Self.format(settings.ducking.holdMilliseconds)
        case .duckReleaseMilliseconds: return Self.format(settings.ducking.releaseMilliseconds)
        }
    }

    // MARK: Parsing (internal)

    enum Value: Sendable, Hashable {
        case boolean(Bool)
        case number(Double)
        case profile(ClickProfile)
        case directory(String?)
        case theme(String?)
        case latency(ServerLatencyPolicy)
    }

    /// The value, or the problem phrased to follow the key's name (`must be a number from 0 to 1, not 'loud'`).
    func parse(_ text: String, baseDirectory: String, home: SettingsHome) -> Result<Value, ValueProblem> {
        switch self {
        case .clicks:
            if let on = SettingsValueSyntax.boolean(text) { return .success(.boolean(on)) }
        case .profile:
            if let profile = ClickProfile(name: text.lowercased()) { return .success(.profile(profile)) }
        case .soundPack:
            switch SettingsValueSyntax.directoryPath(text, baseDirectory: baseDirectory, home: home) {
            case .none: return .success(.directory(nil))
            case .path(let path): return .success(.directory(path))
            case .refused(let why): return .failure(ValueProblem(text: "must be " + why))
            }
        case .soundTheme:
            if text.isEmpty { return .success(.theme(nil)) }
            if SettingsValueSyntax.isThemeName(text) { return .success(.theme(text)) }
        case .latency:
            if let policy = ServerLatencyPolicy(name: text.lowercased()) { return .success(.latency(policy)) }
        default:
            if let number = SettingsValueSyntax.number(text), let range, range.contains(number) {
                return .success(.number(number))
            }
        }
        var problem = "must be \(accepted), not \(SettingsValueSyntax.quoted(text))"
        if text.contains("#") { problem += " (a comment must be on a line of its own)" }
        return .failure(ValueProblem(text: problem))
    }

    func assign(_ value: Value, to settings: inout ClickSettings) {
        switch (self, value) {
        case (.clicks, .boolean(let on)): settings.clicksEnabled = on
        case (.volume, .number(let x)): settings.volume = x
        case (.profile, .profile(let profile)): settings.profile = profile
        case (.soundPack, .directory(let path)): settings.soundPackDirectory = path
        case (.soundTheme, .theme(let name)): settings.soundTheme = name
        case (.latency, .latency(let policy)): settings.serverLatency = policy
        case (.duckDepthDecibels, .number(let x)): settings.ducking.depthDecibels = x
        case (.duckAttackMilliseconds, .number(let x)): settings.ducking.attackMilliseconds = x
        case (.duckHoldMilliseconds, .number(let x)): settings.ducking.holdMilliseconds = x
        case (.duckReleaseMilliseconds, .number(let x)): settings.ducking.releaseMilliseconds = x
        default: assertionFailure("\(value) is not a value of \(self)")
        }
    }

    func value(in settings: ClickSettings) -> Value {
        switch self {
        case .clicks: return .boolean(settings.clicksEnabled)
        case .volume: return .number(settings.volume)
        case .profile: return .profile(settings.profile)
        case .soundPack: return .directory(settings.soundPackDirectory)
        case .soundTheme: return .theme(settings.soundTheme)
        case .latency: return .latency(settings.serverLatency)
        case .duckDepthDecibels: return .number(settings.ducking.depthDecibels)
        case .duckAttackMilliseconds: return .number(settings.ducking.attackMilliseconds)
        case .duckHoldMilliseconds: return .number(settings.ducking.holdMilliseconds)
        case .duckReleaseMilliseconds: return .number(settings.ducking.releaseMilliseconds)
        }
    }

    struct ValueProblem: Error, Hashable {
        var text: String
    }

    /// As the file writes numbers: `-12`, not `-12.0`; `0.00001`, not `1e-05` (plain decimals only).
    public static func format(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        let text = String(x)
        // Swift writes an exponent below 1e-4 and from 2^53 up; spell those out.
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return text }
        var mantissa = text[..<e]
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        if !sign.isEmpty { mantissa.removeFirst() }
        let wholeDigits = mantissa.prefix { $0 != "." }
        var digits = Array(mantissa.filter { $0 != "." })
        // Where the point goes in `digits`, padded with zeros on either side as needed.
        var point = wholeDigits.count + exponent
        if point < 1 {
            digits.insert(contentsOf: repeatElement("0", count: 1 - point), at: 0)
            point = 1
        }
        if point >= digits.count { return sign + String(digits) + String(repeating: "0", count: point - digits.count) }
        return sign + String(digits[..<point]) + "." + String(digits[point...])
    }
}
