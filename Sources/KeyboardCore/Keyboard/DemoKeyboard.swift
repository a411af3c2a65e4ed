import InputClick

/// The seed's iOS 8 custom keyboard: four rows, `q…p` / `a…l` / shift `z…m` delete /
/// `123` next space `ch/en` return, with the layouts of every ``KeyboardType``.
///
/// Each touch-down first asks the gate for the key's click (``KeyRole/clickKind``),
/// then acts as iOS does: characters insert (uppercase while shifted, full-width
/// punctuation in the Chinese mode); space and return also leave the numbers and
/// symbols pages; delete removes one grapheme and repeats when held; two shift taps
/// within ``doubleTapInterval`` set caps lock; **next** advances the host's keyboard.
/// Unless caps lock is on, shift follows ``AutoShift`` after every edit or focus change.
///
/// It clicks while visible (``enableInputClicksWhenVisible`` is `true`). The host
/// creates it (``KeyboardHost/demoKeyboard``).
public final class DemoKeyboard: InputView, InputViewAudioFeedback {
    public var enableInputClicksWhenVisible: Bool { true }

    public let gate: InputClickGate
    /// Keyboard type, page, shift, Chinese punctuation.
    public private(set) var state: KeyboardState
    /// The text input's traits as of its last focus or reload, `nil` without one.
    public private(set) var textInputTraits: TextInputTraits?
    public let textDocumentProxy: TextDocumentProxy
    /// In nanoseconds. Default 300 ms.
    public var doubleTapInterval: UInt64 = 300_000_000
    public var keyRepeat = KeyRepeatTiming()

    private weak var host: KeyboardHost?
    private var lastTap: (key: KeyRole, time: UInt64)?

    init(gate: InputClickGate, proxy: TextDocumentProxy) {
        self.gate = gate
        textDocumentProxy = proxy
        state = KeyboardState()
        super.init(name: "demo keyboard", preferredHeight: 216, hasFlexibleHeight: true)
    }

    func attach(to host: KeyboardHost) { self.host = host }

    public var layout: KeyboardLayout { state.layout }

    public func label(for key: KeyRole) -> String {
        host?.thread.check()
        return state.label(for: key)
    }

    /// Asks the gate for the key's click, then performs the key.
    ///
    /// - Parameters:
    ///   - time: Nanoseconds on the caller's timeline, passed to ``InputClick/InputClickGate/play(_:at:)``
    ///     and used for shift's double tap; the gate's ``InputClick/InputClickGate/clock`` for live input.
    /// - Throws: ``KeyboardError/keyNotOnPage(_:page:keyboardType:)`` if the key is not shown.
    @discardableResult
    public func touchDown(_ key: KeyRole, at time: UInt64) throws(KeyboardError) -> KeyStroke {
        host?.thread.check()
        guard state.layout.contains(key) else {
            throw .keyNotOnPage(key, page: state.page, keyboardType: state.keyboardType)
        }
        let clickKind = key.clickKind
        let outcome = gate.play(clickKind, at: time)
        let edit = perform(key, at: time)
        lastTap = (key, time)
        return KeyStroke(time: time, key: key, isRepeat: false, clickKind: clickKind, soundKind: outcome.soundKind,
                         decision: outcome.decision, edit: edit)
    }

    /// Taps `key` now (the gate's ``InputClick/InputClickGate/clock``), for live front ends.
    @discardableResult
    public func tap(_ key: KeyRole) throws(KeyboardError) -> KeyStroke {
        try touchDown(key, at: gate.clock.now())
    }

    /// One auto-repeat of a held key: click and act again. Only delete repeats; others
    /// return `nil`. The caller times the repeats with ``keyRepeat``.
    public func repeatHeldKey(_ key: KeyRole, at time: UInt64) -> KeyStroke? {
        host?.thread.check()
        guard key.repeatsWhenHeld, state.layout.contains(key) else { return nil }
        let outcome = gate.play(key.clickKind, at: time)
        let edit = textDocumentProxy.deleteBackward()
        lastTap = (key, time)
        return KeyStroke(time: time, key: key, isRepeat: true, clickKind: key.clickKind, soundKind: outcome.soundKind,
                         decision: outcome.decision, edit: edit)
    }

    private func perform(_ key: KeyRole, at time: UInt64) -> TextEditOutcome? {
        switch key {
        case .character:
            return textDocumentProxy.insertText(state.text(for: key) ?? key.description)
        case .space, .return:
            let outcome = textDocumentProxy.insertText(key == .space ? " " : "\n")
            if state.page == .numbers || state.page == .symbols { state.page = .letters }
            return outcome
        case .delete:
            return textDocumentProxy.deleteBackward()
        case .shift:
            if let lastTap, lastTap.key == .shift, time >= lastTap.time, time - lastTap.time <= doubleTapInterval,
               state.shift != .locked {
                state.shift = .locked
            } else {
                state = state.applyingTap(.shift)
            }
            return nil
        case .page, .languageToggle:
            state = state.applyingTap(key)
            return nil
        case .nextKeyboard:
            host?.advanceToNextInputMode()
            return nil
        }
    }

    /// On focus or input-view changes: reads the traits, shows the home page, resets shift.
    func inputContextDidChange(traits: TextInputTraits?) {
        textInputTraits = traits
        let type = traits?.keyboardType ?? .default
        state.keyboardType = type
        state.page = type.homePage
        state.returnKeyType = traits?.returnKeyType ?? .default
        state.shift = .off
        lastTap = nil
        updateAutomaticShift()
    }

    func textDidChange() { updateAutomaticShift() }

    private func updateAutomaticShift() {
        guard state.shift != .locked else { return }
        guard let traits = textInputTraits, let input = host?.firstResponder as? any TextInput else {
            state.shift = .off
            return
        }
        state.shift = AutoShift.shouldShift(traits.effectiveAutocapitalization, textBefore: input.textBeforeSelection)
            ? .on : .off
    }
}
