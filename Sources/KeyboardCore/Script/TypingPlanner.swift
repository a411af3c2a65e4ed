import InputClick

/// Turns text into the demo keyboard taps that type it, with human timing.
///
/// For each character the planner searches the mode keys (shift, `123`,
/// `ABC`, `#+=`, `ch/en`) for the fewest taps that reach a key typing it,
/// starting from the keyboard's state at that moment, including the automatic
/// shift and the return to letters after space. `Hello, World!` with
/// autocapitalization off becomes
/// `shift h e l l o 123 , space shift w o r l d 123 !`.
///
/// It plans by typing into a private host and text input of the same
/// ``target`` and ``traits``, so the plan is exactly what a ``ScriptRunner``
/// will see. A character that no key types, or that the input does not take,
/// is a ``TypingPlanError`` naming it and its position; nothing is dropped.
public struct TypingPlanner: Sendable {
    /// Which kind of text input receives the text.
    public enum Target: Sendable, Hashable {
        /// A ``TextField``: one line; return performs its action.
        case textField
        /// A ``TextView``: return types a line break.
        case textView
    }

    /// The text input that receives the text. Default ``Target/textView``.
    public var target: Target
    /// Its traits. Default ``TextInputTraits/init(keyboardType:autocapitalizationType:autocorrectionType:returnKeyType:isSecureTextEntry:)``'s defaults.
    public var traits: TextInputTraits
    /// The pace. Default 40 words per minute.
    public var rhythm: TypingRhythm

    /// Creates a planner; every argument has the documented default.
    public init(target: Target = .textView, traits: TextInputTraits = TextInputTraits(),
                rhythm: TypingRhythm = TypingRhythm()) {
        self.target = target
        self.traits = traits
        self.rhythm = rhythm
    }

    /// The taps that type `text`, in order.
    public func keys(for text: String) throws(TypingPlanError) -> [KeyRole] {
        let host = KeyboardHost(gate: InputClickGate(sink: nil))
        let input = makeInput()
        host.add(input)
        input.becomeFirstResponder()
        let keyboard = host.demoKeyboard
        var keys: [KeyRole] = []
        // A second apart, so that no two taps ever count as a double tap.
        var time: UInt64 = 0
        var typed = ""
        for (offset, character) in text.enumerated() {
            let target = String(character)
            guard let path = Self.shortestPath(from: keyboard.state, to: target) else {
                throw TypingPlanError(character: character, offset: offset, reason: .noKey(traits.keyboardType))
            }
            for key in path {
                time += 1_000_000_000
                do {
                    _ = try keyboard.touchDown(key, at: time)
                } catch {
                    throw TypingPlanError(character: character, offset: offset,
                                          reason: .notAccepted("the planned key '\(key)' was not shown (\(error))"))
                }
                keys.append(key)
            }
            typed.append(character)
            guard input.text == typed else {
                throw TypingPlanError(character: character, offset: offset,
                                      reason: .notAccepted(refusal(for: character)))
            }
        }
        return keys
    }

    /// A script that types `text`: one tap per planned key, the first at
    /// `start` plus one interval, each next one an interval later
    /// (``TypingRhythm/intervals(count:)``). Focus the input before `start`.
    public func events(for text: String, startingAt start: UInt64 = 0) throws(TypingPlanError) -> [ScriptEvent] {
        let keys = try keys(for: text)
        var time = start
        return zip(keys, rhythm.intervals(count: keys.count)).map { key, interval in
            time &+= interval
            return ScriptEvent(at: time, .tap(key))
        }
    }

    /// Types `text` into a fresh input of the planner's ``target`` and
    /// ``traits``, named `"text"`, on a new host that clicks through `gate`:
    /// the input is focused at time 0 and the taps follow the rhythm.
    ///
    /// - Throws: ``TypingPlanError`` for a character that cannot be typed,
    ///   before anything runs.
    public func type(_ text: String, through gate: InputClickGate, timeOrigin: UInt64? = nil) throws -> ScriptResult {
        let script = [ScriptEvent(at: 0, .focus("text"))] + (try events(for: text))
        let host = KeyboardHost(gate: gate)
        let runner = ScriptRunner(host: host, responders: ["text": makeInput()])
        return try runner.run(script, timeOrigin: timeOrigin)
    }

    private func makeInput() -> any TextInput {
        switch target {
        case .textField: return TextField(traits: traits)
        case .textView: return TextView(traits: traits)
        }
    }

    private func refusal(for character: Character) -> String {
        if character.isNewline && target == .textField {
            return "return in a text field performs its '\(traits.returnKeyType.label)' action instead of typing a line break"
        }
        return "the text input did not take it"
    }

    /// The taps that type `character` on a keyboard in `state`: the fewest
    /// mode-key taps (shift, 123, #+=, ABC, ch/en) to a state where a key
    /// types it, then that key. `nil` if no page of the keyboard has such a key.
    ///
    /// Interactive front ends use this to turn a typed character into taps
    /// from wherever the keyboard is now.
    public static func keys(toType character: Character, from state: KeyboardState) -> [KeyRole]? {
        shortestPath(from: state, to: String(character))
    }

    /// The taps for a press of the physical key that types `character`, as
    /// the terminal keyboard makes them: the mode the user chose stays. In
    /// Chinese punctuation mode a punctuation key with a full-width form
    /// types that form (`?` gives `？`), and ch/en is never tapped for the
    /// user. `nil` if no page of the keyboard has such a key.
    public static func keys(forKeyPress character: Character, from state: KeyboardState) -> [KeyRole]? {
        let text = String(character)
        let target = state.typesFullWidthPunctuation ? FullWidthPunctuation.form(of: text) : text
        return shortestPath(from: state, to: target, togglingLanguage: false)
    }

    /// The fewest mode-key taps from `start` to a state where a key types
    /// `target`, followed by that key; `nil` if no reachable page has one.
    static func shortestPath(from start: KeyboardState, to target: String, togglingLanguage: Bool = true) -> [KeyRole]? {
        var queue: [(state: KeyboardState, path: [KeyRole])] = [(start, [])]
        var seen: Set<KeyboardState> = [start]
        var head = 0
        while head < queue.count {
            let (state, path) = queue[head]
            head += 1
            let keys = state.layout.keys
            if let key = keys.first(where: { isTypingKey($0) && state.text(for: $0) == target }) {
                return path + [key]
            }
            for key in keys where isModeKey(key) && (togglingLanguage || key != .languageToggle) {
                let next = state.applyingTap(key)
                if seen.insert(next).inserted { queue.append((next, path + [key])) }
            }
        }
        return nil
    }

    private static func isTypingKey(_ key: KeyRole) -> Bool {
        switch key {
        case .character, .space, .return: return true
        default: return false
        }
    }

    private static func isModeKey(_ key: KeyRole) -> Bool {
        switch key {
        case .shift, .page, .languageToggle: return true
        default: return false
        }
    }
}
