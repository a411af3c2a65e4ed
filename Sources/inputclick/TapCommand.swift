import InputClick
import InputClickALSA
import InputClickBackends
#if canImport(Glibc)
import Glibc
#endif

/// `inputclick tap [--device NAME] [--period FRAMES] [--periods N] [--json]`:
/// opens the device as a visible keyboard would, says `READY`, plays one
/// click per line of standard input, and prints the latency stats at the end.
struct TapCommand: Subcommand {
    static let name = "tap"
    static let abstract = "Play one click per line of standard input and report the latency."
    static let help = """
        USAGE: inputclick tap [--device NAME] [--backend NAME] [--period FRAMES] [--periods N] [--scheduling MODE]
                              [--safeguard FRAMES] [--latency POLICY] [--json]

        Shows a click-enabled input view, so the audio stream opens, and prints
        READY on its own line to standard output once a click can play. Then it
        reads standard input line by line and plays one click per line:

          (empty line)                          a key click
          key, delete, modifier, space, return  a click of that kind

        A line with any other word is reported on standard error and skipped
        (no click); reading goes on. Surrounding spaces are ignored. Every line
        clicks: no rate limit applies. At the end of input, tap waits for the
        last click to reach the device, prints its stats to standard output
        and exits 0. Tap ignores the user's settings file: it plays the
        bundled sounds at the default volume, so that runs compare.

        The stats count the device's faults, and account for every tap: "played" are the clicks written to
        the device, "dropped" every other tap. Each tap the player accepted
        (answered plays, held while the stream opened, or suspect while the
        device stalled) was written, dropped from the hold, dropped as stale (taken
        more than 100 ms after its tap) or lost with the device; each other
        tap was refused, for a reason (queue-full, device-lost, no-output):

          taps: T = P plays + H held + U suspect + R refused
          accepted: P+H+U = W written + D dropped from the hold + S dropped as
                    stale + L lost with the device

        (plus, if the last clicks did not sound out within 4 s, those not yet
        written, named as such).

        The latency stats give, over all clicks played, the 50th, 95th and 99th
        percentile and the maximum of two figures: from the tap until the
        click's first frame was written to the device, and until that frame is
        estimated to reach the converter (from snd_pcm_delay at the write).

        OPTIONS:
          --device NAME     The ALSA device (any PCM name: default, hw:0,0,
                            plughw:1, dmix, pulse, …). Default: default,
                            which plays through the running sound server's
                            own backend (see --backend).
          --backend NAME    auto (the running PipeWire or PulseAudio
                            server's native backend for the default device,
                            else ALSA; ALSA for a named PCM), alsa, pipewire
                            or pulseaudio. Default: INPUTCLICK_BACKEND, else
                            auto. 'inputclick doctor' says which and why.
          --period FRAMES   Frames per period, 16 to 8192. Default 64. On
                            pulse at least 4 ms.
          --periods N       Periods per buffer, 2 to 32. Default 2. In rewind
                            scheduling the buffer holds at least 16 periods.
          --scheduling MODE auto (default: rewind where the device's rewind is
                            real, append on pulse, else on-demand; on
                            pipewire the stream is also kept running while
                            open), on-demand
                            (stop while silent, start on a tap, append) or
                            append (keep the buffer full; what a plain ALSA
                            client does).
                            Default: INPUTCLICK_SCHEDULING, else auto.
          --safeguard FRAMES In rewind scheduling, how far ahead of the
                            device's read position a click is written at the
                            soonest, 0 to 4096. Default 64. On jack, a click
                            goes at the read position itself when the
                            server's next cycle is at least 0.3 ms away.
          --latency POLICY  What a stream kept running on a sound server's
                            graph (PipeWire) asks of it: lowest (64 frames),
                            balanced (256) or economy (1024: neither
                            lowers nor raises a stock graph's quantum). Default: INPUTCLICK_LATENCY,
                            else balanced.
          --json            Print the stats as one JSON line instead of text (keys
                            played, dropped, taps, plays, held, suspect, refused, written,
                            heldDropped, staleDropped, lostWithDevice, unaccounted, …).
          -h, --help        Show this help.

        EXIT STATUS:
          0 done; 64 bad arguments or a device name that does not exist;
          69 the device did not open within 10 seconds, or the backend asked
          for cannot be used; 78 the ALSA
          configuration cannot be read; 1 any other failure.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let scanner = try ArgumentScanner(arguments, valueOptions: ["--device", "--period", "--periods", "--scheduling",
                                                                    "--safeguard", "--latency", "--backend"],
                                          flagOptions: ["--json"])
        guard scanner.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(scanner.positionals[0])'")
        }
        let device = scanner.value("--device") ?? "default"
        guard !device.trimmingCharacters(in: " \t").isEmpty else {
            throw UsageError("--device needs a device name, not an empty string")
        }
        let period = try scanner.integer("--period", in: 16...8192) ?? 64
        let periods = try scanner.integer("--periods", in: 2...32) ?? 2
        let json = scanner.flag("--json")
        let scheduling = try schedulingPreference(option: scanner.value("--scheduling"))
        let serverLatency = try serverLatencyPolicy(option: scanner.value("--latency"))
        let safeguard = try scanner.integer("--safeguard", in: 0...4096) ?? 64

        let (output, selection) = try makeOutput(device: device, backend: try backendPreference(option: scanner.value("--backend")))
        let configuration = ClickPlayerConfiguration(
            stream: OutputStreamRequest(latency: .explicit(periodFrames: period, periodCount: periods),
                                        scheduling: scheduling, rewindSafeguardFrames: safeguard,
                                        serverLatency: serverLatency),
            lingerNanoseconds: 0,
            warningHandler: { writeError("warning: \($0)") })
        let session = ClickSession(output: output, configuration: configuration)
        let player = session.player
        defer { session.close() }
        guard session.open(timeout: .seconds(10)) == .reached else {
            throw RuntimeFailure("\(selection.backend) output '\(selection.device)' did not open within 10 seconds",
                                 exitCode: ExitCode.unavailable)
        }
        // The stream's format now: the end may find it closed after a fault.
        let opened = player.statistics.format
        print("READY")
        fflush(nil)

        var tally = TapTally()
        while let line = readLine(strippingNewline: true) {
            tally.lines += 1
            let word = line.trimmingCharacters(in: " \t\r")
            let kind: ClickKind
            if word.isEmpty {
                kind = .key
            } else if let named = ClickKind(name: word) {
                kind = named
            } else {
                tally.unknown += 1
                writeError("inputclick tap: line \(tally.lines): unknown click kind '\(word)' "
                    + "(expected an empty line, key, delete, modifier, space or return); skipped")
                continue
            }
            tally.count(session.play(kind))
        }

        // Let every click be written and sound out before the stream closes.
        session.drain(timeout: .seconds(4))
        let statistics = player.statistics
        let report = player.latency.report()
        let written = player.latency.count
        print(json ? try tally.json(device: device, statistics: statistics, opened: opened, report: report, written: written)
                   : tally.text(device: device, statistics: statistics, opened: opened, report: report, written: written))
        return 0
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
