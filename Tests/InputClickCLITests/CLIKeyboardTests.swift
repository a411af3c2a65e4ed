import Foundation
import TestSupport
import Testing

@Suite("inputclick keyboard", .serialized)
struct CLIKeyboardTests {
    @Test("keys piped to the keyboard type the text, delete removes a grapheme, and the text is printed at the end")
    func pipedKeys() throws {
        let keys = Data("Hello 😀".utf8) + Data([0x7f]) + Data("wörld? 42".utf8) + Data([0x7f, 0x04])
        let run = try CLIProcess.run(["keyboard"], input: keys)
        #expect(run.status == 0)
        // 😀 and ö have no key: each is reported and skipped; delete removed the space.
        #expect(run.standardOutput == "Hellowrld? 4")
        #expect(run.standardError.isEmpty || !run.standardError.contains("error"))
    }

    @Test("in a real terminal it draws the keyboard, highlights the tapped key, and prints only the text on stdout")
    func interactiveInTmux() throws {
        let keyboard = try TmuxKeyboard([])
        defer { keyboard.stop() }
        #expect(keyboard.screenShows("[ 123 ]"))
        keyboard.press(["O", "k", "Space", "4", "BSpace", "!"])
        #expect(keyboard.screenShows("┃ Ok !"))
        #expect(keyboard.screenShows("! → "))
        #expect(keyboard.finish() == "Ok !")
    }

    @Test("after Ctrl-L, ? types the full-width ？ and . types 。, in a terminal and piped")
    func chinesePunctuationFromTheTerminal() throws {
        let piped = try CLIProcess.run(["keyboard", "--device", "null"], input: Data("a".utf8) + Data([0x0c]) + Data("?.".utf8)
                                       + Data([0x0c]) + Data("?".utf8) + Data([0x04]))
        #expect(piped.status == 0)
        #expect(piped.standardOutput == "a\u{FF1F}\u{3002}?")
        let keyboard = try TmuxKeyboard(["--device", "null"])
        defer { keyboard.stop() }
        #expect(keyboard.screenShows("[ 123 ]"))
        keyboard.press(["C-l", "?"])
        #expect(keyboard.screenShows("┃ \u{FF1F}"))
        #expect(keyboard.finish() == "\u{FF1F}")
    }

    @Test("a key the keyboard lacks (a on a number pad) shows a notice and rings the bell, and types nothing")
    func missingKeyIsNotSilent() throws {
        let piped = try CLIProcess.run(["keyboard", "--device", "null", "--keyboard-type", "numberPad"],
                                       input: Data("a1".utf8) + Data([0x04]))
        #expect(piped.status == 0)
        #expect(piped.standardOutput == "1")
        #expect(piped.standardError.contains("the numberPad keyboard has no key that types \"a\""), "\(piped.standardError)")
        let keyboard = try TmuxKeyboard(["--device", "null", "--keyboard-type", "numberPad"])
        defer { keyboard.stop() }
        #expect(keyboard.screenShows("[ 1 ]"))
        #expect(!keyboard.rangBell)
        keyboard.press(["a"])
        #expect(keyboard.screenShows("the numberPad keyboard has no key that types \"a\"; nothing was typed"))
        #expect(keyboard.ringsBell())
        keyboard.press(["1"])
        #expect(keyboard.finish() == "1")
    }
}
