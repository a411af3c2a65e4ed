/// Whether a click plays, and if not, why not. The reasons are checked in declaration order; the first that
/// applies is reported.
public enum ClickDecision: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case plays = 0
    case clicksOff = 1
    case silentProfile = 2
    /// No input view or input accessory view of the first responder is visible.
    case noVisibleInputView = 3
    /// Views are visible, but none opted in (``InputViewAudioFeedback/enableInputClicksWhenVisible``).
    case notOptedIn = 4
    /// The same kind clicked too often (a held key); see ``ClickRateLimit``.
    case rateLimited = 5
    /// No output can take the click: no player, a closed or faulted device.
    case noOutput = 6
    /// The stream's click queue is full (a flood, or a stalled device).
    case queueFull = 7
    /// The device stopped working; clicks are refused until it is back.
    case deviceLost = 8
    /// The stream is still opening: the click plays if it runs within ``ClickPlayer/holdLimitNanoseconds`` of
    /// the tap, else it is dropped and counted (``ClickPlayerStatistics/heldClicksDropped``, or
    /// ``ClickPlayerStatistics/staleClicksDropped`` if the render thread takes it too late after its release).
    case held = 9
    /// The stream runs, but its device has made no progress for longer than
    /// its render loop ever waits (see ``LivenessPolicy``): the click is
    /// queued and plays only if the render thread takes it within 100 ms of
    /// the tap (``LivenessPolicy/staleClickLimitNanoseconds``); later than
    /// that it is dropped and counted (``ClickPlayerStatistics/staleClicksDropped``).
    case suspect = 10

    /// Whether the player took the click: ``plays``, ``held`` or ``suspect``.
    /// Each such click is written, or counted as dropped or lost.
    public var isAccepted: Bool { self == .plays || self == .held || self == .suspect }

    /// A short, stable identifier (`plays`, `clicks-off`, …) for logs, JSON and `doctor`.
    public var identifier: String {
        switch self {
        case .plays: return "plays"
        case .clicksOff: return "clicks-off"
        case .silentProfile: return "silent-profile"
        case .noVisibleInputView: return "no-visible-input-view"
        case .notOptedIn: return "not-opted-in"
        case .rateLimited: return "rate-limited"
        case .noOutput: return "no-output"
        case .queueFull: return "queue-full"
        case .deviceLost: return "device-lost"
        case .held: return "held"
        case .suspect: return "suspect"
        }
    }

    public var description: String {
        switch self {
        case .plays: return "the click plays"
        case .clicksOff: return "keyboard clicks are turned off in the settings"
        case .silentProfile: return "the feedback profile is silent"
        case .noVisibleInputView: return "no input view or input accessory view is visible"
        case .notOptedIn: return "no visible input view returns true from enableInputClicksWhenVisible"
        case .rateLimited: return "this kind of click is arriving faster than the rate limit"
        case .noOutput: return "no audio output is open to play the click"
        case .queueFull: return "the click queue is full: clicks arrive faster than the stream takes them"
        case .deviceLost: return "the audio device stopped working; waiting for it to come back"
        case .held: return "the audio device is still opening; the click plays once it runs, if within 100 ms"
        case .suspect: return "the audio device has made no progress for a while; the click plays only if the device takes it within 100 ms"
        }
    }
}
