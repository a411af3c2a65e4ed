import InputClick

/// The window that shows keyboards: it keeps the first responder, shows and lays out its
/// input views, posts the keyboard notifications, and tells the click gate what is visible.
///
/// **What is visible.** The first responder's ``Responder/inputView``, or for a
/// ``TextInput`` without one the ``currentKeyboard``, and its
/// ``Responder/inputAccessoryView`` directly above; input views take the host's width,
/// flexible ones ``keyboardHeight``.
///
/// **The gate.** Whenever that may change, the host calls
/// ``InputClick/InputClickGate/setVisibleInputViews(_:)`` and
/// ``InputClick/InputClickGate/setSecureTextEntry(_:)``, so a click plays only while a
/// visible view opted in.
///
/// **Notifications** go to ``notificationCenter`` after the new state is in place. The
/// keyboard hides only when its responder resigns; moving focus between text inputs
/// reroutes typing without hiding.
///
/// **Threads.** The host and its responders, views and keyboard belong to the first
/// thread that uses them (checked in debug builds by `HostThread`); only
/// ``notificationCenter`` and ``gate`` are for every thread.
public final class KeyboardHost {
    public let gate: InputClickGate
    public let notificationCenter: KeyboardNotificationCenter
    /// The screen, in points.
    public let bounds: Rect
    /// In points.
    public let keyboardHeight: Double
    /// Stated in notifications, in seconds.
    public let animationDuration: Double
    public let demoKeyboard: DemoKeyboard
    /// The same as the demo keyboard's.
    public var textDocumentProxy: TextDocumentProxy { demoKeyboard.textDocumentProxy }

    /// In the order `next` visits them; the demo keyboard first.
    public private(set) var enabledKeyboards: [InputView]
    public private(set) var currentKeyboardIndex = 0
    public private(set) var firstResponder: Responder?
    public private(set) var visibleInputView: InputView?
    public private(set) var visibleAccessoryView: InputView?
    public private(set) var geometry: KeyboardGeometry?
    let thread = HostThread()

    /// With the demo keyboard enabled and no first responder. `bounds` and `keyboardHeight`
    /// in points, `animationDuration` in seconds.
    public init(gate: InputClickGate, bounds: Rect = Rect(x: 0, y: 0, width: 375, height: 667),
                keyboardHeight: Double = 216, animationDuration: Double = 0.25,
                notificationCenter: KeyboardNotificationCenter = KeyboardNotificationCenter()) {
        self.gate = gate
        self.bounds = bounds
        self.keyboardHeight = max(keyboardHeight, 0)
        self.animationDuration = animationDuration
        self.notificationCenter = notificationCenter
        let proxy = TextDocumentProxy()
        demoKeyboard = DemoKeyboard(gate: gate, proxy: proxy)
        enabledKeyboards = [demoKeyboard]
        proxy.host = self
        demoKeyboard.attach(to: self)
        gate.setVisibleInputViews([])
        gate.setSecureTextEntry(false)
    }

    // MARK: Responders

    /// So that `responder` can become first responder; one moved from another host resigns there.
    public func add(_ responder: Responder) {
        thread.check()
        if let other = responder.host, other !== self {
            if other.firstResponder === responder { other.resignFirstResponder() }
        }
        responder.host = self
    }

    /// - Returns: `true` if there is no first responder afterwards.
    @discardableResult
    public func resignFirstResponder() -> Bool {
        thread.check()
        guard let current = firstResponder else { return true }
        guard current.canResignFirstResponder else { return false }
        firstResponder = nil
        current.didResignFirstResponder()
        refresh()
        return firstResponder == nil
    }

    /// Re-reads the first responder's input views and traits and swaps the visible views in
    /// place (``Responder/reloadInputViews()`` calls this).
    public func reloadInputViews() {
        thread.check()
        refresh()
    }

    func makeFirstResponder(_ responder: Responder) -> Bool {
        thread.check()
        guard responder.host === self, responder.canBecomeFirstResponder else { return false }
        if firstResponder === responder { return true }
        if let current = firstResponder, !current.canResignFirstResponder { return false }
        guard responder.shouldBeginEditing() else { return false }
        let previous = firstResponder
        firstResponder = responder
        previous?.didResignFirstResponder()
        // A delegate may have moved focus elsewhere meanwhile.
        guard firstResponder === responder else { return false }
        responder.didBecomeFirstResponder()
        refresh()
        return firstResponder === responder
    }

    func textInputDidChange(_ input: any TextInput) {
        thread.check()
        if firstResponder === input { demoKeyboard.textDidChange() }
    }

    // MARK: Keyboards

    public var currentKeyboard: InputView { enabledKeyboards[currentKeyboardIndex] }

    /// `next` reaches it after the ones already enabled; an enabled one is not added again.
    public func addKeyboard(_ keyboard: InputView) {
        thread.check()
        guard !enabledKeyboards.contains(where: { $0 === keyboard }) else { return }
        enabledKeyboards.append(keyboard)
    }

    /// Wraps around; the visible keyboard is swapped in place.
    public func advanceToNextInputMode() {
        thread.check()
        currentKeyboardIndex = (currentKeyboardIndex + 1) % enabledKeyboards.count
        refresh()
    }

    // MARK: Visibility

    public var isKeyboardVisible: Bool { geometry != nil }

    /// Input and accessory views together; `nil` when hidden.
    public var keyboardFrame: Rect? { geometry?.keyboardFrame }

    /// The input view, then the accessory view.
    public var visibleViews: [InputView] { [visibleInputView, visibleAccessoryView].compactMap { $0 } }

    public func isShowing(_ view: InputView) -> Bool {
        thread.check()
        return visibleViews.contains { $0 === view }
    }

    private func refresh() {
        let responder = firstResponder
        let textInput = responder as? any TextInput
        let input = responder?.inputView ?? (textInput != nil ? currentKeyboard : nil)
        let accessory = responder?.inputAccessoryView
        let oldGeometry = geometry
        let newGeometry: KeyboardGeometry?
        if input == nil && accessory == nil {
            newGeometry = nil
        } else {
            newGeometry = KeyboardGeometry(
                bounds: bounds, keyboardHeight: keyboardHeight,
                inputView: input.map { ($0.preferredHeight, $0.hasFlexibleHeight) },
                accessoryHeight: accessory?.preferredHeight)
        }

        for view in visibleViews where view !== input && view !== accessory { view.frame = .zero }
        input?.frame = newGeometry?.inputViewFrame ?? .zero
        accessory?.frame = newGeometry?.accessoryViewFrame ?? .zero
        visibleInputView = input
        visibleAccessoryView = accessory
        geometry = newGeometry

        gate.setSecureTextEntry(textInput?.traits.isSecureTextEntry ?? false)
        gate.setVisibleInputViews(visibleViews)
        demoKeyboard.inputContextDidChange(traits: textInput?.traits)

        switch (oldGeometry, newGeometry) {
        case (nil, let shown?):
            post(.willShow, from: shown.offscreenKeyboardFrame(in: bounds), to: shown.keyboardFrame)
            post(.didShow, from: shown.offscreenKeyboardFrame(in: bounds), to: shown.keyboardFrame)
        case (let hidden?, nil):
            post(.willHide, from: hidden.keyboardFrame, to: hidden.offscreenKeyboardFrame(in: bounds))
            post(.didHide, from: hidden.keyboardFrame, to: hidden.offscreenKeyboardFrame(in: bounds))
        case (let old?, let new?) where old.keyboardFrame != new.keyboardFrame:
            post(.willShow, from: old.keyboardFrame, to: new.keyboardFrame)
            post(.didShow, from: old.keyboardFrame, to: new.keyboardFrame)
        default:
            break
        }
    }

    private func post(_ name: KeyboardNotification.Name, from begin: Rect, to end: Rect) {
        notificationCenter.post(KeyboardNotification(name: name, frameBegin: begin, frameEnd: end,
                                                     animationDuration: animationDuration))
    }
}
