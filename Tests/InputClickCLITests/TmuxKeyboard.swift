import Foundation
import TestSupport

/// `inputclick keyboard` running in a private, detached tmux server, for
/// tests that press keys in a real terminal and read the screen back.
///
/// The server is private (tmux -S): on the socket scripts/test.sh names, so
/// that its cleanup ends the server if the test process is killed, or else
/// on one in the test's own directory; never the user's own tmux. Each tmux
/// command is a short-lived client with its own deadline. Call ``stop()``
/// when done. The pane's output is copied to a file in the test's directory
/// (`pipe-pane`), which is watched, so that reading the screen waits for the
/// keyboard to draw instead of polling.
struct TmuxKeyboard {
    let directory: URL
    let socket: String
    let session: String
    /// Where the keyboard's standard output (the typed text) goes.
    let output: String
    /// Changes in ``directory``: among them, each output of the pane.
    private let changes: FileChangeWatch

    /// Starts `inputclick keyboard ARGUMENTS` in a 100×20 terminal.
    init(_ arguments: [String]) throws {
        directory = URL(fileURLWithPath: try makePrivateDirectory(prefix: "inputclick-tmux-"))
        socket = ProcessInfo.processInfo.environment["INPUTCLICK_TEST_TMUX_SOCKET"]
            ?? directory.appendingPathComponent("tmux.socket").path
        session = "inputclick-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        output = directory.appendingPathComponent("out.txt").path
        // The keyboard gives up after 2 minutes, even if nothing ends the session.
        let command = "timeout --foreground 120 \(CLIProcess.binary.path) keyboard "
            + arguments.joined(separator: " ") + " > \(output) 2>/dev/null"
        do {
            changes = try FileChangeWatch(directory: directory.path)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let started = tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "20", command])
        guard started.status == 0 else {
            stop()
            throw TmuxFailure(description: "tmux new-session: \(started.output)")
        }
        // tmux draws what the pane printed into its screen before it copies it to the pipe.
        let pane = directory.appendingPathComponent("pane.txt").path
        let piped = tmux(["pipe-pane", "-o", "-t", session, "cat >> '\(pane)'"])
        guard piped.status == 0 else {
            stop()
            throw TmuxFailure(description: "tmux pipe-pane: \(piped.output)")
        }
    }

    @discardableResult
    func tmux(_ arguments: [String]) -> ChildRun {
        ChildProcess.run("/usr/bin/tmux", ["-S", socket] + arguments, timeout: 10)
    }

    /// Whether the screen shows `text` within 5 seconds: read now, and again each time the pane prints.
    func screenShows(_ text: String) -> Bool {
        changes.wait(seconds: 5) { tmux(["capture-pane", "-t", session, "-p"]).standardOutput.contains(text) }
    }

    /// Presses `keys` (tmux key names), one at a time.
    func press(_ keys: [String]) {
        for key in keys {
            tmux(["send-keys", "-t", session, key])
            usleep(120_000) // a typist's pace
        }
    }

    /// Whether the terminal has rung its bell by now: tmux flags the window. For the bell not rung.
    var rangBell: Bool {
        tmux(["display-message", "-p", "-t", session, "#{window_bell_flag}"]).standardOutput.hasPrefix("1")
    }

    /// Whether the terminal rings its bell within 5 seconds: read now, and again each time the pane
    /// prints (the keyboard may draw a notice and ring the bell in separate writes).
    func ringsBell() -> Bool {
        changes.wait(seconds: 5) { rangBell }
    }

    /// Ends the keyboard with Ctrl-D and returns the text it printed, once
    /// the pane's process (the keyboard's shell) has exited (within 5 seconds).
    func finish() -> String {
        let pane = tmux(["display-message", "-p", "-t", session, "#{pane_pid}"]).standardOutput
        let exit = Int32(pane.trimmingCharacters(in: .whitespacesAndNewlines)).map { ProcessExitWatch(pid: $0) }
        tmux(["send-keys", "-t", session, "C-d"])
        exit?.wait(until: TestDeadline(seconds: 5))
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    /// Ends the tmux server and removes the directory.
    func stop() {
        tmux(["kill-server"])
        unlink(socket)   // tmux leaves its socket file behind.
        try? FileManager.default.removeItem(at: directory)
    }
}

struct TmuxFailure: Error, CustomStringConvertible {
    var description: String
}
