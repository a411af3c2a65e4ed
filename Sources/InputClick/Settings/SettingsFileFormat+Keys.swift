extension SettingsFileFormat {
    /// The keys accepted text sets, so only they sit over the desktop's.
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
