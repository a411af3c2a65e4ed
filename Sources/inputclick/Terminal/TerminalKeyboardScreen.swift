#if canImport(Glibc)
import Glibc
#endif
import InputClick
import KeyboardCore

/// Draws the text view and the demo keyboard on the controlling terminal
/// (`/dev/tty`) with ANSI escapes, highlighting the keys the last press
/// tapped. Standard output stays free for the typed text.
///
/// Thread context: the main thread.
final class TerminalKeyboardScreen {
    private let escape = "\u{1b}["
    private let fd: Int32

    /// Opens the controlling terminal; throws if there is none.
    init() throws {
        fd = open("/dev/tty", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw RuntimeFailure("cannot open the terminal (/dev/tty) to draw the keyboard: \(String(cString: strerror(errno)))")
        }
        emit("\(escape)?25l")   // hide the cursor while drawing
    }

    deinit { close(fd) }

    /// Redraws everything.
    func draw(_ session: KeyboardSession) {
        var lines: [String] = []
        let player = session.engine.player
        var header = "inputclick keyboard: \(player.output.name), \(player.state)"
        if let format = player.statistics.format {
            header += cFormat(", %ld Hz, period %ld (%.2f ms) × %ld", format.sampleRate, format.periodFrames,
                             format.periodMilliseconds, format.bufferFrames / max(format.periodFrames, 1))
        }
        lines.append("\(escape)1m\(header)\(escape)0m")
        lines.append("Esc or Ctrl-D finishes; Tab: 123/ABC; Ctrl-L: ch/en; Ctrl-N: next")
        lines.append("")
        lines.append("┃ " + visibleText(session.view))
        lines.append("")
        let tapped = session.lastStrokes.map(\.key)
        for row in session.keyboard.layout.rows {
            var line = "  "
            for key in row {
                let label = session.keyboard.label(for: key)
                let cap = key == .space ? "      \(label)      " : " \(label) "
                line += tapped.contains(key) ? "\(escape)7m[\(cap)]\(escape)0m " : "[\(cap)] "
            }
            lines.append(line)
        }
        lines.append("")
        if let problem = session.lastProblem {
            lines.append("\(escape)33m\(problem)\(escape)0m")
        } else if !session.lastStrokes.isEmpty {
            lines.append(session.lastStrokes.map { "\($0.key) → \($0.decision.identifier) (\($0.soundKind))" }
                .joined(separator: ", "))
        } else {
            lines.append("")
        }
        let latency = player.latency.report()
        if latency.toConverter.count > 0 {
            lines.append("tap to sound: p50 \(LatencySummary.milliseconds(latency.toConverter.p50)) ms, "
                         + "p99 \(LatencySummary.milliseconds(latency.toConverter.p99)) ms over \(latency.toConverter.count) clicks")
        } else {
            lines.append("")
        }
        let status = session.status.value
        lines.append(status.isEmpty ? "" : "\(escape)33m\(status)\(escape)0m")
        emit("\(escape)H\(escape)2J" + lines.map { $0 + "\(escape)K" }.joined(separator: "\r\n"))
    }

    /// Rings the terminal bell (BEL), for a key press that typed nothing.
    func ringBell() {
        emit("\u{07}")
    }

    /// Clears the screen and shows the cursor again.
    func finish() {
        emit("\(escape)H\(escape)2J\(escape)?25h")
    }

    /// The end of the text, one line, with line breaks shown as ⏎ and the caret as ▏.
    private func visibleText(_ view: TextView) -> String {
        let caret = view.selectedCharacterRange.lowerBound
        var characters = Array(view.text)
        characters.insert("\u{258F}", at: min(caret, characters.count))
        let shown = String(characters).replacingNewlines()
        return String(shown.suffix(70))
    }

    private func emit(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            offset += n
        }
    }
}

private extension String {
    func replacingNewlines() -> String {
        String(map { $0.isNewline ? "⏎" : $0 })
    }
}
