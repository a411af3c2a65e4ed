import InputClick

/// Turns text into the demo keyboard taps that type it, with human timing: for each
/// character, the fewest mode-key taps from the keyboard's state then (automatic shift
/// included) to a key that types it. `Hello, World!` without autocapitalization becomes
/// `shift h e l l o 123 , space shift w o r l d 123 !`.
///
/// It plans by typing into a private input of the same ``target`` and ``traits``, so the
/// plan is what a ``ScriptRunner`` will see. A character no key types, or the input does
/// not take, is a ``TypingPlanError``; nothing is dropped.
public struct TypingPlanner: Sendable {
    public enum Target: Sendable, Hashable {
        /// A ``TextField``: one line; return performs its action.
        case textField
        /// A ``TextView``: return types a line break.
        case textView
    }

    /// Default ``Target/textView``.
    public var target: Target
    /// Default: all traits at their defaults.
    public var traits: TextInputTraits
    /// Default 40 words per minute.
    public var rhythm: TypingRhythm

    public init(target: Target = .textView, traits: TextInputTraits = TextInputTraits(),
                rhythm: TypingRhythm = TypingRhythm()) {
        self.target = target
        self.traits = traits
        self.rhythm = rhythm
    }

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

    /// One tap per planned key, the first at `start` plus one interval
    /// (``TypingRhythm/intervals(count:)``). Focus the input before `start`.
    public func events(for text: String, startingAt start: UInt64 = 0) throws(TypingPlanError) -> [ScriptEvent] {
        let keys = try keys(for: text)
        var time = start
        return zip(keys, rhythm.intervals(count: keys.count)).map { key, interval in
            time &+= interval
            return ScriptEvent(at: time, .tap(key))
        }
    }

    /// Types `text` into a fresh input named `"text"` on a new host clicking through `gate`;
    /// the input is focused at time 0. Throws ``TypingPlanError`` before anything runs.
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

    /// The fewest mode-key taps to a state where a key types `character`, then that key;
    /// `nil` if no page has one. For interactive front ends.
    public static func keys(toType character: Character, from state: KeyboardState) -> [KeyRole]? {
        shortestPath(from: state, to: String(character))
    }

    /// As the terminal keyboard presses a physical key: the chosen mode stays (ch/en is
    /// never tapped; in Chinese mode `?` gives `？`). `nil` if no page has such a key.
    public static func keys(forKeyPress character: Character, from state: KeyboardState) -> [KeyRole]? {
        let text = String(character)
        let target = state.typesFullWidthPunctuation ? FullWidthPunctuation.form(of: text) : text
        return shortestPath(from: state, to: target, togglingLanguage: false)
    }

    /// Breadth-first over mode-key taps; `nil` if no reachable page types `target`.
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
