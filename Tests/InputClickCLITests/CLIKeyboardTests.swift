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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out.txt").path
        let session = "inputclick-test-\(getpid())"
        // Each tmux command is a short-lived client with its own deadline; the
        // server it starts daemonizes and outlives it until kill-server. The
        // server is private (tmux -S): on the socket scripts/test.sh names, so
        // that its cleanup ends the server if this process is killed, or else
        // on one in this test's directory; never the user's own tmux.
        let socket = ProcessInfo.processInfo.environment["INPUTCLICK_TEST_TMUX_SOCKET"]
            ?? directory.appendingPathComponent("tmux.socket").path
        func tmux(_ arguments: [String]) -> ChildRun {
            ChildProcess.run("/usr/bin/tmux", ["-S", socket] + arguments, timeout: 10)
        }
        // The keyboard gives up after 2 minutes, even if nothing ends the session.
        let command = "timeout --foreground 120 \(CLIProcess.binary.path) keyboard > \(out) 2>/dev/null"
        let started = tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "20", command])
        #expect(started.status == 0, "tmux new-session: \(started.output)")
        defer {
            _ = tmux(["kill-server"])
            unlink(socket)   // tmux leaves its socket file behind.
        }
        func screenShows(_ text: String) -> Bool {
            pollExternalState(seconds: 5) { tmux(["capture-pane", "-t", session, "-p"]).standardOutput.contains(text) }
        }
        #expect(screenShows("[ 123 ]"))
        for key in ["O", "k", "Space", "4", "BSpace", "!"] {
            _ = tmux(["send-keys", "-t", session, key])
            usleep(120_000) // a typist's pace
        }
        #expect(screenShows("┃ Ok !"))
        #expect(screenShows("! → "))
        _ = tmux(["send-keys", "-t", session, "C-d"])
        var text = ""
        _ = pollExternalState(seconds: 5) {
            text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            return !text.isEmpty
        }
        #expect(text == "Ok !")
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
        #expect(keyboard.rangBell)
        keyboard.press(["1"])
        #expect(keyboard.finish() == "1")
    }
}
