import Foundation
import InputClickTesting
import TestSupport
import Testing

/// `inputclick tap` through ALSA's `pulse` PCM into a real PulseAudio 16
/// (``PulseAudioSink``), with what the server played recorded from its
/// sink's monitor: no click may be reported played and not be heard.
@Suite("inputclick tap through a real PulseAudio 16", .serialized)
struct CLIPulseAudioTests {
    /// Taps typed, and the time between them: far more than a click lasts
    /// (17 to 26 ms audible) plus the quiet the onset count asks for.
    static let taps = 60
    static let spacingSeconds = "0.15"

    /// Records the monitor, starts `tap`, waits for its READY, types the taps
    /// at the spacing, and stops the recording once `tap` has drained and the
    /// recording has gone on past it. Waits on the server's events (`pactl
    /// subscribe`) and on the recording's growth (`tail -f`, which GNU tail
    /// follows with inotify), never on a sleep.
    /// Environment: CLI, TAPS, SPACING, RECORDING, STATS, TAP_ERRORS.
    static let driver = """
        set -u
        dir=$(mktemp -d) || exit 70
        trap 'kill "$subscriber" 2>/dev/null; rm -rf "$dir"' EXIT
        mkfifo "$dir/events" || exit 70
        LC_ALL=C pactl subscribe >"$dir/events" &
        subscriber=$!
        exec {events}<"$dir/events"
        # pactl subscribe cannot say when it is subscribed: a client of this
        # script's own (pactl info) connecting is an event; once one is read,
        # no change of the server goes unseen.
        subscribed=
        for ((i = 0; i < 20; i++)); do
            pactl info >/dev/null
            if read -r -t 0.5 _ <&"$events"; then subscribed=1; break; fi
        done
        [ -n "$subscribed" ] || { echo "pactl subscribe printed no event within 10 s" >&2; exit 70; }
        parec -d inputclick-null.monitor --file-format=wav --format=float32le --rate=48000 --channels=2 \\
            --latency-msec=10 "$RECORDING" &
        recorder=$!
        # Tap only once the recording runs: the rig's pacer is one source output, the recorder the second.
        # Checked again after each event on a source output, for 10 s.
        deadline=$((SECONDS + 10))
        until [ "$(pactl list short source-outputs | wc -l)" -ge 2 ]; do
            event=
            while [ "$SECONDS" -lt "$deadline" ] && read -r -t "$((deadline - SECONDS))" line <&"$events"; do
                case $line in *" on source-output #"*) event=1; break ;; esac
            done
            [ -n "$event" ] || { echo "the monitor's recorder did not connect within 10 s" >&2; exit 70; }
        done
        kill "$subscriber"
        coproc TAP { exec "$CLI" tap --device inputclick_sink --json 2>"$TAP_ERRORS"; }
        tap_pid=$TAP_PID
        to_tap=${TAP[1]}
        read -r ready <&"${TAP[0]}"
        [ "$ready" = READY ] || { echo "tap said '$ready', not READY" >&2; exit 71; }
        # The spacing is the typing pace, not a wait.
        for ((i = 0; i < TAPS; i++)); do echo >&"$to_tap"; sleep "$SPACING"; done
        exec {to_tap}>&-
        cat <&"${TAP[0]}" >"$STATS"
        wait "$tap_pid"
        status=$?
        # tap returns once the device has played its last click; the monitor
        # hands what the sink played to the recorder behind the sink (10 ms
        # fragments). Once 0.2 s of audio more than at tap's exit is in the
        # file (76800 bytes; within 10 s), the recording holds the last click.
        recorded=$(stat -c %s "$RECORDING")
        timeout 10 tail -c +$((recorded + 1)) -f "$RECORDING" | head -c 76800 >/dev/null
        kill -INT "$recorder"
        wait "$recorder"
        exit "$status"
        """

    @Test("every click tapped through PulseAudio's ALSA plugin is heard in the server's monitor, or reported lost")
    func everyClickIsHeardOrReportedLost() throws {
        let sink = PulseAudioSink.ofSuite("cli")
        let failure = sink.start()
        try #require(failure == nil, "the PulseAudio sink did not start: \(failure ?? "")")
        defer { sink.stopIfOwned() }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-pulse-\(UUID().uuidString)").path
        let recordingPath = base + ".wav", statsPath = base + ".json", errorsPath = base + ".err"
        defer { for path in [recordingPath, statsPath, errorsPath] { try? FileManager.default.removeItem(atPath: path) } }
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in sink.environment() { environment[key] = value }
        environment["INPUTCLICK_DESKTOP_SETTINGS"] = "off"
        environment["CLI"] = CLIProcess.binary.path
        environment["TAPS"] = String(Self.taps)
        environment["SPACING"] = Self.spacingSeconds
        environment["RECORDING"] = recordingPath
        environment["STATS"] = statsPath
        environment["TAP_ERRORS"] = errorsPath

        let run = ChildProcess.run("/bin/bash", ["-c", Self.driver], environment: environment, timeout: 60)
        let tapErrors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        try #require(run.status == 0, "driver: \(run.output)\ntap: \(tapErrors)")
        let statsText = try String(contentsOfFile: statsPath, encoding: .utf8)
        let line = statsText.split(separator: "\n").last.map(String.init) ?? ""
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "tap printed: \(statsText)")
        func count(_ key: String) -> Int { stats[key] as? Int ?? 0 }

        let recording = try CapturedAudio(path: recordingPath, float32: true)
        #expect(recording.sampleRate == 48_000 && recording.channels == 2)
        // 50 ms of quiet between onsets: a click cut by a gap in the stream counts once.
        let heard = AudioAnalysis.onsets(recording.samples, channels: recording.channels, threshold: 0.01,
                                         quietFrames: 2_400).count
        // "played" counts the clicks written to the device; those tap
        // accepted but the player reports lost after all were never written.
        let reportedLost = count("lostWithDevice") + count("staleDropped") + count("heldDropped")
        let shouldSound = count("written")
        // An underrun or a fault may take with it the audio queued at that
        // moment, a buffer of a few milliseconds: at most one click each at
        // this spacing, and each is counted and reported.
        let mayBeTaken = count("underruns") + count("faults")
        let summary = "heard \(heard) of \(Self.taps) taps: \(count("played")) played, \(count("dropped")) dropped, "
            + "\(reportedLost) reported lost, \(count("underruns")) underruns, \(count("faults")) faults, "
            + "scheduling \(stats["scheduling"] as? String ?? "none"), \(recording.frameCount) frames recorded; tap: \(tapErrors)"
        print("through PulseAudio: \(summary)")
        #expect(count("played") + count("dropped") == Self.taps, "\(summary)")
        #expect(heard <= Self.taps, "more clicks heard than tapped: \(summary)")
        #expect(heard >= shouldSound - mayBeTaken, "clicks reported played and never heard: \(summary)")
    }
}
