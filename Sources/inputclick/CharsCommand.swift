#if canImport(Glibc)
import Glibc
#endif
import InputClick
import InputClickListen

/// `inputclick chars`: a click for each character a program writes to a pipe,
/// as it arrives (wvkbd's `-o`), through the gate and the user's settings.
/// It keeps, prints and logs nothing of the text.
struct CharsCommand: Subcommand {
    static let name = "chars"
    static let abstract = "Click for each character read from standard input, as an on-screen keyboard types it."
    static let help = """
        USAGE: inputclick chars [--device NAME] [--verbose]

        Reads standard input as it arrives (no line buffering) and clicks for
        each character: the way to hear an on-screen keyboard that writes its
        keys to a pipe, such as wvkbd:

          wvkbd-mobintl -o | inputclick chars

        The input is UTF-8; a character split across two reads is one click.
          Backspace (\\b) and DEL               delete
          newline (\\n) and carriage return     return
          space                                 space
          Tab, Esc and other control characters modifier
          anything else, and each byte that is
          not UTF-8                             key
        Combining marks and variation selectors click nothing of their own.
        wvkbd writes nothing for Shift, Ctrl, Alt or its layer keys, so they
        make no click; it writes its Esc key as the three letters E, s, c,
        which make three key clicks.

        Clicks go through the gate like every other front end's: the settings
        file and the desktop's settings (on/off, volume, profile, sounds) apply
        and changes to them apply live, and each kind plays at most 20 times a
        second. The text is never kept, printed or logged. At the end of input
        the last click sounds out and the command exits 0.

        OPTIONS:
          --device NAME   The ALSA device to click through. Default: default.
          --verbose       At the end, print on standard error how many clicks
                          were asked and what the gate decided (counts only),
                          and the stream frame each click was written at.
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let scanner = try ArgumentScanner(arguments, valueOptions: ["--device"], flagOptions: ["--verbose"])
        guard scanner.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(scanner.positionals[0])'")
        }
        let device = scanner.value("--device") ?? "default"
        guard !device.isEmpty else { throw UsageError("--device needs a device name, not an empty string") }

        let engine = try makeEngine(device: device, warnings: { writeError("warning: \($0)") })
        defer { engine.shutdown() }
        let view = OptedInInputView()
        engine.setVisibleInputViews([view])
        // The first character may come at once: wait (briefly) for the stream, so it is not held.
        engine.player.waitUntil(anyOf: [.running, .waitingForDevice], timeout: .seconds(10))

        var decoder = CharacterClicks()
        var tally = DecisionTally()
        var clicks: [ClickKind] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                let code = errno
                throw RuntimeFailure("read(standard input) failed: \(String(cString: strerror(code))) (errno \(code))")
            }
            if count == 0 { break }
            clicks.removeAll(keepingCapacity: true)
            decoder.decode(buffer[0..<count], into: &clicks)
            for kind in clicks { tally.add(engine.playInputClick(kind)) }
        }
        for kind in decoder.finish() { tally.add(engine.playInputClick(kind)) }
        engine.drain(timeout: .seconds(4))
        // Clicks accepted but not heard, each for a reason the player counted.
        let statistics = engine.player.statistics
        engine.setVisibleInputViews([])
        if scanner.flag("--verbose") {
            writeError("chars: \(tally.summary); not heard: \(statistics.heldClicksDropped) dropped from the hold, "
                       + "\(statistics.staleClicksDropped) dropped as stale, \(statistics.clicksLostWithDevice) lost with the device")
            // Where each click's first frame went, counted from the stream's
            // first frame: clicks a stalled device took late start together
            // and sound as one.
            let frames = engine.player.latency.records().map { String($0.streamFrame) }
            writeError("written at stream frames: \(frames.joined(separator: " "))")
        }
        return 0
    }
}
