import InputClick

/// The window that shows keyboards: it keeps the first responder, decides
/// which input views are visible, lays them out, posts the keyboard
/// notifications, and tells the click gate what is visible.
///
/// **What is visible.** While a responder is first responder, the host shows
/// its ``Responder/inputView``, or for a ``TextInput`` without one the current
/// keyboard (``currentKeyboard``, normally the ``demoKeyboard``), and its
/// ``Responder/inputAccessoryView`` above. A responder with neither shows nothing.
///
/// **The gate.** Every time the visible views may have changed (show, hide,
/// focus change, ``reloadInputViews()``, ``advanceToNextInputMode()``) the host
/// calls ``InputClick/InputClickGate/setVisibleInputViews(_:)`` with them (`[]`
/// when hidden) and ``InputClick/InputClickGate/setSecureTextEntry(_:)`` with
/// the first responder's ``TextInputTraits/isSecureTextEntry``. So a click
/// plays only while a visible view opted in.
///
/// **Geometry** (``KeyboardGeometry``): input views take the host's width; a
/// flexible-height view gets ``keyboardHeight``; the accessory view sits
/// directly above the input view.
///
/// **Notifications** (``KeyboardNotification``) go to ``notificationCenter``
/// after the new state is in place: will-show and did-show when the keyboard
/// appears (or changes frame while up), will-hide and did-hide when it goes.
/// The keyboard appears when a responder with something to show becomes first
/// responder and hides only when it resigns; nothing dismisses it on its own.
/// Moving focus between two text inputs reroutes typing without hiding.
///
/// **Threads.** The host, its responders, views and keyboard belong to one
/// thread, as UIKit's belong to the main thread, except that the host's first
/// user chooses it: the first thread to use them after creation, which any
/// thread may do. Debug builds stop the process when another thread calls in
/// (`HostThread`). Only ``notificationCenter`` and ``gate`` are for every thread.
public final class KeyboardHost {
    /// The click gate the host reports visibility to and the keyboard clicks through.
    public let gate: InputClickGate
    /// Where keyboard notifications are posted.
    public let notificationCenter: KeyboardNotificationCenter
    /// The host's bounds (the screen), in points.
    public let bounds: Rect
    /// The height flexible input views take, in points.
    public let keyboardHeight: Double
    /// The animation duration stated in notifications, in seconds.
    public let animationDuration: Double
    /// The demo keyboard, the first of ``enabledKeyboards``.
    public let demoKeyboard: DemoKeyboard
    /// The keyboard's handle on the first responder's text (the same as the demo keyboard's).
    public var textDocumentProxy: TextDocumentProxy { demoKeyboard.textDocumentProxy }

    /// The keyboards the user enabled, in the order `next` visits them; the demo keyboard first.
    public private(set) var enabledKeyboards: [InputView]
    /// Which of ``enabledKeyboards`` text inputs get.
    public private(set) var currentKeyboardIndex = 0
    public private(set) var firstResponder: Responder?
    /// The input view shown now, or `nil`.
    public private(set) var visibleInputView: InputView?
    /// The accessory view shown now, or `nil`.
    public private(set) var visibleAccessoryView: InputView?
    /// The frames of what is shown, or `nil` when nothing is.
    public private(set) var geometry: KeyboardGeometry?
    /// The thread that owns the host, checked at each entry point.
    let thread = HostThread()

    /// Creates a host with the demo keyboard enabled and no first responder.
    ///
    /// - Parameters:
    ///   - gate: The click gate.
    ///   - bounds: The screen, in points. Default 375 × 667.
    ///   - keyboardHeight: The height of flexible input views. Default 216.
    ///   - animationDuration: Stated in notifications, in seconds. Default 0.25.
    ///   - notificationCenter: Where notifications go. Default: a new center.
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

    /// Puts `responder` in this host, so that it can become first responder.
    /// A responder moved from another host resigns there first.
    public func add(_ responder: Responder) {
        thread.check()
        if let other = responder.host, other !== self {
            if other.firstResponder === responder { other.resignFirstResponder() }
        }
        responder.host = self
    }

    /// Makes the first responder resign, hiding what it showed.
    ///
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

    /// Re-reads the first responder's input views and traits and swaps the
    /// visible views in place (``Responder/reloadInputViews()`` calls this).
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

    /// The keyboard text inputs get now.
    public var currentKeyboard: InputView { enabledKeyboards[currentKeyboardIndex] }

    /// Enables another keyboard; `next` reaches it after the ones already enabled.
    /// Adding one that is already enabled does nothing.
    public func addKeyboard(_ keyboard: InputView) {
        thread.check()
        guard !enabledKeyboards.contains(where: { $0 === keyboard }) else { return }
        enabledKeyboards.append(keyboard)
    }

    /// Switches text inputs to the next enabled keyboard, wrapping around,
    /// as `advanceToNextInputMode` does; the visible keyboard is swapped in place.
    public func advanceToNextInputMode() {
        thread.check()
        currentKeyboardIndex = (currentKeyboardIndex + 1) % enabledKeyboards.count
        refresh()
    }

    // MARK: Visibility

    /// Whether anything is shown.
    public var isKeyboardVisible: Bool { geometry != nil }

    /// The on-screen keyboard frame (input and accessory views), or `nil` when hidden.
    public var keyboardFrame: Rect? { geometry?.keyboardFrame }

    /// The views shown now: the input view, then the accessory view.
    public var visibleViews: [InputView] { [visibleInputView, visibleAccessoryView].compactMap { $0 } }

    /// Whether `view` is shown now.
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
