#if canImport(Glibc)
import Glibc
#endif
import InputClick
import KeyboardCore
import Synchronization

/// `inputclick keyboard`: the demo keyboard in a terminal. Each key you press
/// taps the on-screen key that types it (with shift, 123 and #+= tapped for
/// you when needed), and every tap clicks through the audio device.
struct KeyboardCommand: Subcommand {
    static let name = "keyboard"
    static let abstract = "An interactive terminal keyboard that clicks on every tap."
    static let help = """
        USAGE: inputclick keyboard [--device NAME] [--keyboard-type TYPE] [--secure]

        Shows the demo keyboard of the seeds (q…p / a…l / shift z…m delete /
        123 next space ch/en return) under a text view, and types into it as you
        press keys. A character that needs another page or shift taps those keys
        first, as a person would. Every tap plays its click: key, delete,
        modifier, space or return.

        KEYS:
          letters, digits, symbols   tap the keys that type them
          Backspace                  delete
          Enter                      return
          Tab                        123 / ABC (switch pages)
          Ctrl-L                     ch/en (full-width Chinese punctuation)
          Ctrl-N                     next keyboard
          Ctrl-D or Esc              finish: the text is printed to standard output

        A key the keyboard has no key for (a letter on a number pad, an emoji)
        types nothing: the screen says so and the terminal bell rings.

        When standard input is not a terminal, the keys are read from it as
        bytes and nothing is drawn, so the command can be scripted; a key with
        no key on the keyboard is then reported on standard error.

        OPTIONS:
          --device NAME          The ALSA device to click through. Default: default.
          --keyboard-type TYPE   default, asciiCapable, numberPad, decimalPad,
                                 phonePad, emailAddress or URL. Default: default.
          --secure               Secure text entry: every tap plays the key sound.
          -h, --help             Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let scanner = try ArgumentScanner(arguments, valueOptions: ["--device", "--keyboard-type"], flagOptions: ["--secure"])
        guard scanner.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(scanner.positionals[0])'")
        }
        let device = scanner.value("--device") ?? "default"
        guard !device.isEmpty else { throw UsageError("--device needs a device name, not an empty string") }
        var traits = TextInputTraits()
        if let name = scanner.value("--keyboard-type") {
            guard let type = KeyboardType.allCases.first(where: { "\($0)" == name }) else {
                throw UsageError("--keyboard-type must be one of \(KeyboardType.allCases.map { "\($0)" }.joined(separator: ", ")), not '\(name)'")
            }
            traits.keyboardType = type
        }
        traits.isSecureTextEntry = scanner.flag("--secure")

        let interactive = isatty(STDIN_FILENO) == 1
        let status = StatusLine()
        let engine = try makeEngine(device: device, warnings: { text in
            if interactive { status.set(text) } else { writeError("warning: \(text)") }
        })
        defer { engine.shutdown() }

        let host = KeyboardHost(gate: engine.gate)
        let view = TextView(traits: traits)
        host.add(view)
        view.becomeFirstResponder()
        let session = KeyboardSession(host: host, view: view, engine: engine, status: status)

        let rawMode = interactive ? try TerminalRawMode() : nil
        let screen = interactive ? try TerminalKeyboardScreen() : nil
        var decoder = TerminalKeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 256)
        screen?.draw(session)
        reading: while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for key in decoder.decode(Array(buffer[0..<count])) {
                if key == .endOfInput || key == .escape { break reading }
                session.press(key)
                screen?.draw(session)
                if let problem = session.lastProblem {
                    // Never a silent drop: a bell and the notice on the screen, or the notice on stderr.
                    if let screen { screen.ringBell() } else { writeError("inputclick keyboard: \(problem)") }
                }
            }
        }
        screen?.finish()
        rawMode?.restore()
        _ = view.resignFirstResponder()
        print(view.text, terminator: "")
        return 0
    }
}

/// The last message for the status line, set from any thread.
final class StatusLine: Sendable {
    private let text = Mutex<String>("")
    func set(_ value: String) { text.withLock { $0 = value } }
    var value: String { text.withLock { $0 } }
}
