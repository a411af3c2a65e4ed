#if canImport(Glibc)
import Glibc
#endif

/// Puts a terminal into raw mode (no echo, no line editing, bytes as they
/// come) and restores it exactly as it was.
///
/// Thread context: the main thread.
final class TerminalRawMode {
    private let fd: Int32
    private var original = termios()
    private var active = false

    /// Switches `fd` to raw mode; throws if it is not a terminal.
    init(fd: Int32 = STDIN_FILENO) throws {
        self.fd = fd
        guard isatty(fd) == 1 else {
            throw RuntimeFailure("standard input is not a terminal; run 'inputclick keyboard' in a terminal, or use 'inputclick type' for scripted input")
        }
        guard tcgetattr(fd, &original) == 0 else {
            throw RuntimeFailure("cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        // Block for at least one byte; then take what else arrived within 0.1 s,
        // so an escape sequence arrives whole.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else {
            throw RuntimeFailure("cannot switch the terminal to raw mode: \(String(cString: strerror(errno)))")
        }
        active = true
    }

    /// Restores the terminal. Safe to call more than once.
    func restore() {
        guard active else { return }
        _ = tcsetattr(fd, TCSAFLUSH, &original)
        active = false
    }

    deinit { restore() }
}
