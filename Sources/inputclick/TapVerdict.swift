import InputClick

/// What doctor says about a tap: the gate's decision, except that a click
/// the gate lets through at a gain of 0 (volume 0) makes no sound, so doctor
/// does not say it plays.
struct TapVerdict {
    /// A stable identifier: the decision's, or `zero-volume`.
    var identifier: String
    /// A sentence for people.
    var reason: String
    /// Whether a tap is heard.
    var clicks: Bool

    init(decision: ClickDecision, settings: ClickSettings) {
        if decision == .plays && settings.clickGain == 0 {
            identifier = "zero-volume"
            reason = "the click volume in the settings is 0, so the click is silent"
            clicks = false
        } else {
            identifier = decision.identifier
            reason = decision.description
            clicks = decision == .plays
        }
    }
}
