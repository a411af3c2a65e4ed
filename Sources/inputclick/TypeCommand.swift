import InputClick
import KeyboardCore
#if canImport(Glibc)
import Glibc
#endif

/// `inputclick type TEXT [--wpm N] [--device NAME] [--output FILE.wav]`: types TEXT on the
/// demo keyboard at a human rhythm, a click on every tap, and prints the text as typed.
struct TypeCommand: Subcommand {
    static let name = "type"
    static let abstract = "Type text through the demo keyboard, with a click on every tap."
    static let help = """
        USAGE: inputclick type TEXT [--wpm N] [--device NAME] [--output FILE.wav]

        Types TEXT into a text view through the demo keyboard at a human rhythm,
        tapping shift, 123, #+= and ch/en as needed, with a click on every tap.
        Standard output gets the text the view holds at the end, exactly, with
        nothing added (no trailing line break). Messages go to standard error.

        ARGUMENTS:
          TEXT                The text to type. Put -- before text that starts with '-'.
                              The demo keyboard types printable ASCII (all but
                              the backtick), line breaks, € £ ¥ • and the
                              full-width ，。？！：；. At most 15000 characters
                              (10 minutes of typing at --wpm 300).

        OPTIONS:
          --wpm N             Speed in words (five taps) per minute, 1 to 300. Default 40.
          --device NAME       Play the clicks in real time through this ALSA device
                              (any PCM name: default, hw:0,0, plughw:1, dmix, …).
                              Default: default.
          --output FILE.wav   Render the clicks offline to a WAV file instead
                              (48 kHz stereo 16-bit), as fast as possible;
                              at most 10 minutes of typing.
          -h, --help          Show this help.

        EXIT STATUS:
          0 typed; 64 bad arguments; 65 TEXT holds a character no key can type;
          78 the ALSA configuration cannot be read; 1 any other failure.
        """

    /// The audio is held in memory: 10 minutes is about 220 MB.
    static let maximumRenderedMinutes = 10.0

    /// As many taps as ``maximumRenderedMinutes`` at the fastest speed (15000); checked
    /// before planning, which takes seconds for a long text.
    static let maximumTextCharacters = Int(maximumRenderedMinutes * TypingRhythm.wordsPerMinuteRange.upperBound * 5)

    /// EX_DATAERR: text the keyboard cannot type.
    static let untypableTextExitCode: Int32 = 65

    static func run(_ arguments: [String]) throws -> Int32 {
        let scanner = try ArgumentScanner(arguments, valueOptions: ["--wpm", "--device", "--output"])
        guard let text = scanner.positionals.first else {
            throw UsageError("missing TEXT to type")
        }
        guard scanner.positionals.count == 1 else {
            throw UsageError("expected one TEXT argument, got \(scanner.positionals.count); quote text that has spaces")
        }
        let wordsPerMinute = try scanner.number("--wpm", in: TypingRhythm.wordsPerMinuteRange) ?? 40
        let device = scanner.value("--device")
        let output = scanner.value("--output")
        if device != nil && output != nil {
            throw UsageError("--device and --output cannot be combined: play to a device or render to a file")
        }
        if let device, device.isEmpty {
            throw UsageError("--device needs a device name, not an empty string")
        }
        if let output, !(output.count > 4 && output.lowercased().hasSuffix(".wav")) {
            throw UsageError("--output must name a .wav file, not '\(output)'")
        }
        // Over-long text is refused here, at once: planning it would take seconds.
        let characters = text.count
        guard characters <= Self.maximumTextCharacters else {
            throw UsageError("TEXT is \(characters) characters long, over the limit of \(Self.maximumTextCharacters) "
                             + "(\(Self.minutes(Self.maximumRenderedMinutes)) minutes of typing at the fastest --wpm, "
                             + "\(Int(TypingRhythm.wordsPerMinuteRange.upperBound))): shorten it")
        }
        let rhythm = TypingRhythm(wordsPerMinute: wordsPerMinute)
        let shortestMinutes = Double(rhythm.shortestDuration(taps: characters)) / 60e9
        if output != nil && shortestMinutes > Self.maximumRenderedMinutes {
            throw UsageError("--output renders at most \(Self.minutes(Self.maximumRenderedMinutes)) minutes of typing; "
                             + "this text of \(characters) characters at \(Self.speed(wordsPerMinute)) wpm takes at least "
                             + "\(Self.minutes(shortestMinutes)) minutes: shorten it or raise --wpm")
        }

        // The user's settings decide, as they would in a host: clicks off means no clicks.
        let settings = SettingsStore()
        if let error = settings.lastError { writeError("warning: settings: \(error) (using the defaults)") }

        // No automatic capitals: the text says where they are, so each capital
        // is a shift tap ("Hello, World!" is shift h e l l o 123 , …).
        let planner = TypingPlanner(target: .textView, traits: TextInputTraits(autocapitalizationType: .none),
                                    rhythm: rhythm)
        // No rate limit: the limit thins a held key's repeats, but every tap
        // of a planned run must click, even at --wpm 300 (25 taps a second).
        let gate = InputClickGate(sink: ClickCollector(), settings: settings.current, rateLimit: .unlimited)
        let result: ScriptResult
        do {
            result = try planner.type(text, through: gate)
        } catch let error as TypingPlanError {
            throw RuntimeFailure(error.description, exitCode: untypableTextExitCode)
        }
        if let output {
            let minutes = Double(result.clicks.map(\.time).max() ?? 0) / 60e9
            guard minutes <= Self.maximumRenderedMinutes else {
                throw UsageError("--output renders at most \(Self.minutes(Self.maximumRenderedMinutes)) minutes of typing; "
                                 + "this text at \(Self.speed(wordsPerMinute)) wpm takes \(Self.minutes(minutes)) minutes: "
                                 + "shorten it or raise --wpm")
            }
            try renderTypedClicks(result.clicks, settings: settings.current, to: output)
        } else {
            try playTypedClicks(result.clicks, device: device ?? "default")
        }
        try writeStandardOutput(result.text)
        return 0
    }

    /// Whole when it is, else rounded up to one decimal, so a run over the limit never reads as it.
    private static func minutes(_ value: Double) -> String {
        let tenths = (value * 10).rounded(.up) / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : cFormat("%.1f", tenths)
    }

    /// `40`, or `42.5`.
    private static func speed(_ wordsPerMinute: Double) -> String {
        wordsPerMinute == wordsPerMinute.rounded() ? String(Int(wordsPerMinute)) : String(wordsPerMinute)
    }

    /// As is, retrying short writes.
    private static func writeStandardOutput(_ text: String) throws {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(1, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw RuntimeFailure("cannot write the typed text to standard output: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
