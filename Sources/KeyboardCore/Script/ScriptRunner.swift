import InputClick
import Synchronization

/// Runs a timestamped script of taps, holds and focus changes against a ``KeyboardHost``
/// on the script's own timeline, without waiting: a minute of typing runs in milliseconds.
///
/// Events run in time order (equal times in the order given). A held delete adds its
/// auto-repeats, which stop if the keyboard stops being shown. Taps reach the keyboard
/// whether or not it is shown; the gate decides, and the result records, whether they
/// click. The gate sees `timeOrigin + time`; the result's times are from the script's start.
///
/// ```swift
/// let host = KeyboardHost(gate: gate)
/// let runner = ScriptRunner(host: host, responders: ["name": TextField()])
/// let result = try runner.run([ScriptEvent(at: 0, .focus("name")),
///                              ScriptEvent(milliseconds: 300, .tap(.character("a")))])
/// result.text     // "A" (autocapitalized sentence start)
/// result.clicks   // [TimedClick(time: 300_000_000, kind: .key)]
/// ```
public final class ScriptRunner {
    /// In nanoseconds: 10 minutes.
    public static let longestHold: UInt64 = 600_000_000_000

    public let host: KeyboardHost
    /// What `focus` events can name.
    public let responders: [String: Responder]

    /// Adds every responder to `host`.
    public init(host: KeyboardHost, responders: [String: Responder]) {
        self.host = host
        self.responders = responders
        host.thread.check()
        for responder in responders.values where responder.host !== host { host.add(responder) }
    }

    /// - Parameters:
    ///   - events: Need not be sorted.
    ///   - timeOrigin: The script's time 0 on the gate's clock, in nanoseconds; default the gate's
    ///     ``InputClick/InputClickGate/clock`` at the start, which keeps the rate limiter consistent.
    /// - Throws: ``ScriptError``: unknown responders and overlong holds before anything
    ///   runs; a key not shown stops the script at that event.
    public func run(_ events: [ScriptEvent], timeOrigin: UInt64? = nil) throws(ScriptError) -> ScriptResult {
        host.thread.check()
        try validate(events)
        let origin = timeOrigin ?? host.gate.clock.now()
        let log = NotificationLog()
        let token = host.notificationCenter.addObserver { note in log.append(note) }
        defer { host.notificationCenter.removeObserver(token) }

        var lastTextInput = responders.first { $0.value === host.firstResponder && $0.value is any TextInput }?.key
        var strokes: [KeyStroke] = []
        var cancelledHolds: Set<Int> = []
        for step in timeline(events) {
            log.setTime(step.time)
            let gateTime = origin &+ step.time
            switch step.kind {
            case .event(.tap(let key)), .event(.hold(let key, _)):
                do {
                    var stroke = try host.demoKeyboard.touchDown(key, at: gateTime)
                    stroke.time = step.time
                    strokes.append(stroke)
                } catch {
                    throw .keyNotShown(error, time: step.time)
                }
            case .event(.focus(let name)):
                if let responder = responders[name], responder.becomeFirstResponder(), responder is any TextInput {
                    lastTextInput = name
                }
            case .event(.resign):
                host.resignFirstResponder()
            case .event(.reloadInputViews):
                host.firstResponder?.reloadInputViews()
            case .repeatHeld(let hold, let key):
                guard !cancelledHolds.contains(hold) else { continue }
                guard host.isShowing(host.demoKeyboard),
                      var stroke = host.demoKeyboard.repeatHeldKey(key, at: gateTime) else {
                    cancelledHolds.insert(hold)
                    continue
                }
                stroke.time = step.time
                strokes.append(stroke)
            }
        }

        var texts: [String: String] = [:]
        for (name, responder) in responders {
            if let input = responder as? any TextInput { texts[name] = input.text }
        }
        let textName = lastTextInput ?? texts.keys.sorted().first
        return ScriptResult(text: textName.flatMap { texts[$0] } ?? "", texts: texts,
                            notifications: log.entries, strokes: strokes)
    }

    private func validate(_ events: [ScriptEvent]) throws(ScriptError) {
        for event in events {
            switch event.action {
            case .focus(let name) where responders[name] == nil:
                throw .unknownResponder(name, time: event.time, known: responders.keys.sorted())
            case .hold(let key, let duration) where duration > Self.longestHold:
                throw .holdTooLong(key, duration: duration, time: event.time)
            default:
                break
            }
        }
    }

    private struct Step {
        enum Kind {
            case event(ScriptEvent.Action)
            case repeatHeld(hold: Int, key: KeyRole)
        }
        var time: UInt64
        var order: Int
        var kind: Kind
    }

    private func timeline(_ events: [ScriptEvent]) -> [Step] {
        var steps: [Step] = []
        for (index, event) in events.enumerated() {
            steps.append(Step(time: event.time, order: index, kind: .event(event.action)))
            if case .hold(let key, let duration) = event.action, key.repeatsWhenHeld {
                for time in host.demoKeyboard.keyRepeat.repeatTimes(touchDownAt: event.time, heldFor: duration) {
                    steps.append(Step(time: time, order: events.count + steps.count, kind: .repeatHeld(hold: index, key: key)))
                }
            }
        }
        return steps.sorted { ($0.time, $0.order) < ($1.time, $1.order) }
    }
}

/// Notifications with their script time; locked, as observers may run on any thread.
private final class NotificationLog: Sendable {
    private struct State {
        var time: UInt64 = 0
        var entries: [ScriptResult.TimedNotification] = []
    }
    private let state = Mutex(State())

    func setTime(_ time: UInt64) { state.withLock { $0.time = time } }

    func append(_ note: KeyboardNotification) {
        state.withLock { $0.entries.append(ScriptResult.TimedNotification(time: $0.time, notification: note)) }
    }

    var entries: [ScriptResult.TimedNotification] { state.withLock { $0.entries } }
}
