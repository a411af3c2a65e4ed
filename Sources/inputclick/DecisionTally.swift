import InputClick

/// Counts what the gate decided, for `listen`'s and `chars`' `--verbose` and
/// the replay's summary. Holds counts only: no key, no character, no time.
struct DecisionTally {
    var clicks = 0
    var played = 0
    var refused: [ClickDecision: Int] = [:]

    mutating func add(_ decision: ClickDecision) {
        clicks += 1
        if decision == .plays { played += 1 } else { refused[decision, default: 0] += 1 }
    }

    var summary: String {
        var text = "\(clicks) clicks asked, \(played) played"
        for (decision, count) in refused.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            text += ", \(count) \(decision.identifier)"
        }
        return text
    }
}
