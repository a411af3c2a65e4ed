import InputClick

/// The seed's iOS 8 custom keyboard: four rows, `q…p` / `a…l` /
/// shift `z…m` delete / `123` next space `ch/en` return, with the layouts of
/// every ``KeyboardType`` (``KeyboardLayout``).
///
/// Each touch-down (``touchDown(_:at:)``) first asks the gate for a click of
/// the key's kind (``KeyRole/clickKind``), then acts:
/// - a character key inserts its text through the ``textDocumentProxy``
///   (uppercase while shift is on, full-width punctuation in the Chinese mode);
/// - **space** and **return** insert `" "` and `"\n"` (a text field turns the
///   latter into its return action); on the numbers and symbols pages they
///   also switch back to letters, as iOS does;
/// - **delete** deletes one grapheme backwards; holding it repeats
///   (``keyRepeat``, ``repeatHeldKey(_:at:)``);
/// - **shift** turns shift on for one letter, or off; two taps within
///   ``doubleTapInterval`` set caps lock; a tap in caps lock turns it off;
/// - **123**, **ABC**, **#+=** switch pages; **next** advances the host to its
///   next enabled keyboard; **ch/en** toggles Chinese punctuation.
///
/// After every change of text or caret, and whenever the host's first
/// responder or its input views change, shift follows the automatic shift
/// (``AutoShift``) of the input's autocapitalization, unless caps lock is on.
///
/// The keyboard adopts ``InputClick/InputViewAudioFeedback`` and returns
/// `true` from ``enableInputClicksWhenVisible``: while it is visible, its taps
/// click. The host creates it (``KeyboardHost/demoKeyboard``).
public final class DemoKeyboard: InputView, InputViewAudioFeedback {
    /// Always `true`: the demo keyboard wants clicks while visible.
    public var enableInputClicksWhenVisible: Bool { true }

    /// The gate every tap asks for a click.
    public let gate: InputClickGate
    /// The mode: keyboard type, page, shift, Chinese punctuation.
    public private(set) var state: KeyboardState
    /// The traits of the text input it serves, as read when the input became
    /// first responder or reloaded its input views; `nil` without a text input.
    /// The autocorrection flag is reported here (``TextInputTraits/isAutocorrectionEnabled``).
    public private(set) var textInputTraits: TextInputTraits?
    /// The keyboard's handle on the first responder's text.
    public let textDocumentProxy: TextDocumentProxy
    /// How long a second shift tap may follow the first to set caps lock, in
    /// nanoseconds. Default 300 ms.
    public var doubleTapInterval: UInt64 = 300_000_000
    /// When a held delete repeats.
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

    /// The keys shown now.
    public var layout: KeyboardLayout { state.layout }

    /// The label a front end shows on `key` now.
    public func label(for key: KeyRole) -> String {
        host?.thread.check()
        return state.label(for: key)
    }

    /// Touches `key` down at `time`: asks the gate for the key's click, then
    /// performs the key.
    ///
    /// - Parameters:
    ///   - key: A key on the page shown now.
    ///   - time: Nanoseconds on the caller's timeline, passed to
    ///     ``InputClick/InputClickGate/play(_:at:)`` and used for the
    ///     double-tap of shift. Use the gate's ``InputClick/InputClickGate/clock`` for live input.
    /// - Returns: The record of the stroke: click kind, gate decision, edit.
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

    /// One auto-repeat of a held key at `time`: a click and the key's action
    /// again. Only delete repeats; other keys return `nil`. The caller times
    /// the repeats with ``keyRepeat``.
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

    /// Called by the host when the first responder or its input views change:
    /// reads the traits, shows the home page, resets shift to the automatic shift.
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

    /// Called by the host after the first responder's text or caret changed.
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
