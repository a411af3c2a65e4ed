import InputClick
import InputClickTesting
@testable import KeyboardCore

/// Milliseconds as nanoseconds.
func ms(_ value: UInt64) -> UInt64 { value * 1_000_000 }

/// A host whose gate records into a sink, with no rate limit unless asked.
struct Rig {
    let sink = RecordingSink()
    let gate: InputClickGate
    let host: KeyboardHost

    init(rateLimit: ClickRateLimit = .unlimited, bounds: Rect = Rect(x: 0, y: 0, width: 375, height: 667),
         keyboardHeight: Double = 216) {
        gate = InputClickGate(sink: sink, rateLimit: rateLimit)
        host = KeyboardHost(gate: gate, bounds: bounds, keyboardHeight: keyboardHeight)
    }

    var keyboard: DemoKeyboard { host.demoKeyboard }

    /// A field added to the host.
    func field(_ text: String = "", traits: TextInputTraits = TextInputTraits(autocapitalizationType: .none)) -> TextField {
        let field = TextField(text: text, traits: traits)
        host.add(field)
        return field
    }

    /// A text view added to the host.
    func textView(_ text: String = "", traits: TextInputTraits = TextInputTraits(autocapitalizationType: .none)) -> TextView {
        let view = TextView(text: text, traits: traits)
        host.add(view)
        return view
    }

    /// Taps keys one after another, 200 ms apart, starting at `start`.
    @discardableResult
    func tap(_ keys: [KeyRole], from start: UInt64 = ms(1000)) throws -> [KeyStroke] {
        var strokes: [KeyStroke] = []
        for (index, key) in keys.enumerated() {
            strokes.append(try keyboard.touchDown(key, at: start + UInt64(index) * ms(200)))
        }
        return strokes
    }

    /// Taps the letter keys for `word`, lowercase.
    @discardableResult
    func type(_ word: String, from start: UInt64 = ms(1000)) throws -> [KeyStroke] {
        try tap(word.map { .character(String($0)) }, from: start)
    }
}

/// An input view that opted in to clicks, like the seed's accessory view.
final class ClickingAccessoryView: InputView, InputViewAudioFeedback {
    var enableInputClicksWhenVisible: Bool { true }
    init(height: Double = 44) { super.init(name: "clicking accessory", preferredHeight: height) }
}

/// An input view that adopts the protocol but keeps the default `false`.
final class SilentInputView: InputView, InputViewAudioFeedback {
    init(height: Double = 200, flexible: Bool = false) {
        super.init(name: "silent picker", preferredHeight: height, hasFlexibleHeight: flexible)
    }
}

/// A responder that is not a text input, like a custom picker control.
final class PickerResponder: Responder {}

/// Collects notifications from any thread.
final class NotificationRecorder: Sendable {
    private let box = LockedBox<[KeyboardNotification]>([])
    func record(_ note: KeyboardNotification) { box.mutate { $0.append(note) } }
    var notes: [KeyboardNotification] { box.value }
    var names: [KeyboardNotification.Name] { notes.map(\.name) }

    init(_ center: KeyboardNotificationCenter) {
        center.addObserver { [self] in record($0) }
    }
}
