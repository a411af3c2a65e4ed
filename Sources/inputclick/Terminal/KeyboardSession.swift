import InputClick
import KeyboardCore

/// The state of one `inputclick keyboard` run: turns terminal keys into taps
/// on the demo keyboard and remembers what the last press did, for the screen.
final class KeyboardSession {
    let host: KeyboardHost
    let view: TextView
    let engine: InputClickEngine
    let status: StatusLine
    /// The taps of the last key press, in order.
    private(set) var lastStrokes: [KeyStroke] = []
    /// A message about the last key press (a key no page has, a refused tap);
    /// the command shows it and rings the terminal bell, so no press is lost silently.
    private(set) var lastProblem: String?

    init(host: KeyboardHost, view: TextView, engine: InputClickEngine, status: StatusLine) {
        self.host = host
        self.view = view
        self.engine = engine
        self.status = status
    }

    var keyboard: DemoKeyboard { host.demoKeyboard }

    func press(_ key: TerminalKey) {
        lastStrokes = []
        lastProblem = nil
        switch key {
        case .character(" "):
            tap(.space)
        case .character(let character):
            guard let keys = TypingPlanner.keys(forKeyPress: character, from: keyboard.state) else {
                lastProblem = "the \(keyboard.state.keyboardType) keyboard has no key that types \"\(character)\"; nothing was typed"
                return
            }
            for key in keys { tap(key) }
        case .backspace:
            tap(.delete)
        case .enter:
            tap(.return)
        case .tab:
            if let pageKey = keyboard.layout.keys.first(where: { if case .page = $0 { return true } else { return false } }) {
                tap(pageKey)
            }
        case .control("l"):
            tap(.languageToggle)
        case .control("n"):
            tap(.nextKeyboard)
        case .arrowLeft:
            host.textDocumentProxy.adjustTextPosition(byCharacterOffset: -1)
        case .arrowRight:
            host.textDocumentProxy.adjustTextPosition(byCharacterOffset: 1)
        default:
            break
        }
    }

    private func tap(_ key: KeyRole) {
        do {
            lastStrokes.append(try keyboard.tap(key))
        } catch {
            lastProblem = "\(error)"
        }
    }
}
