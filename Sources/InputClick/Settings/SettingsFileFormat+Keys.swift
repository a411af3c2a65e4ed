extension SettingsFileFormat {
    /// The keys a settings file's text sets. Meant for text that
    /// ``parse(text:file:homeDirectory:)`` accepted, so that the file's
    /// keys can sit over the desktop's while the keys it leaves out do not.
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
