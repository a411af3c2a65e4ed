#if canImport(Glibc)
import Glibc
#endif
import InputClick
import InputClickALSA
import InputClickBackends
import Synchronization

/// `inputclick doctor [--device NAME] [--json]`: says whether a click would
/// play, and if not, why: settings, sound pack, device, gate.
struct DoctorCommand: Subcommand {
    static let name = "doctor"
    static let abstract = "Check settings, sounds and the device, and say whether clicks will play."
    static let help = """
        USAGE: inputclick doctor [--device NAME] [--backend NAME] [--input-dir DIR] [--json]

        Reads the settings as a host would, loads the sound pack, opens the
        device with a click-enabled keyboard shown, and reports:
          - the settings file, its problems, and the settings in force;
          - the sound for each kind (bundled, from the pack or the theme), each
            release sound the pack gives (key-up and so on), and refused files;
          - the device's actual rate, format, period and buffer;
          - the gate's decision for a tap, with the reason when it does not play;
            a click the gate lets through at a volume of 0 is reported as silent;
          - the keyboards 'inputclick listen' would read, or why it would read
            none (no input directory, no keyboard, permission denied, with the fix).
            This part is information: it never changes the exit status.
        When the device does not open, it names the likely fix.

        EXIT STATUS:
          0 a tap would click; 1 it would not; 64 bad arguments or a device name
          that does not exist; 65 the settings file has an error (every error is
          listed, as 'inputclick settings check' lists them); 78 the ALSA
          configuration cannot be read (a syntax error in one of its files).

        OPTIONS:
          --device NAME   The ALSA device to check. Default: default (the running
                          sound server's own backend, see --backend).
          --backend NAME  auto, alsa, pipewire or pulseaudio. Default:
                          INPUTCLICK_BACKEND, else auto.
          --input-dir DIR Where 'listen' looks for keyboards. Default:
                          $INPUTCLICK_INPUT_DIR, or /dev/input.
          --json          One JSON line instead of text.
          -h, --help      Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let scanner = try ArgumentScanner(arguments, valueOptions: ["--device", "--input-dir", "--backend"], flagOptions: ["--json"])
        guard scanner.positionals.isEmpty else { throw UsageError("unexpected argument '\(scanner.positionals[0])'") }
        let device = scanner.value("--device") ?? "default"
        guard !device.isEmpty else { throw UsageError("--device needs a device name, not an empty string") }
        if let directory = scanner.value("--input-dir"), directory.isEmpty {
            throw UsageError("--input-dir needs a directory, not an empty string")
        }
        let listen = ListenDeviceSurvey(directory: scanner.value("--input-dir") ?? ListenDeviceSurvey.defaultDirectory())

        let warnings = WarningList()
        var player = ClickPlayerConfiguration()
        player.stream.scheduling = try schedulingPreference(option: nil)
        let (output, selection) = try makeOutput(device: device, backend: try backendPreference(option: scanner.value("--backend")))
        let engine = InputClickEngine(output: output, options: .init(player: player, warningHandler: warnings.add))
        defer { engine.shutdown() }
        let settings = engine.settings
        let keyboard = OptedInInputView()
        engine.setVisibleInputViews([keyboard])
        engine.waitUntilReady(timeout: .seconds(3))
        let verdict = TapVerdict(decision: engine.decision(for: .key), settings: settings)
        let format = engine.player.statistics.format
        let scheduling = engine.player.statistics.scheduling
        let store = engine.settingsStore
        let fileExists = store.locationError == nil && access(store.filePath, F_OK) == 0
        let home = (try? SettingsLocation.homeDirectory(environment: .current())) ?? nil
        // Every error in the file, not only the first that the store reports.
        let fileErrors = store.locationError == nil
            ? SettingsFileFormat.check(fileAt: store.filePath, homeDirectory: home) ?? [] : []
        // Problems outside the file (the environment, the location) as the store reports them.
        let otherError = engine.settingsError.flatMap { $0.file == nil ? $0 : nil }
        let problems = fileErrors.map(\.description) + (otherError.map { [$0.description] } ?? [])
        let hint = format == nil ? deviceHint(device: device, warnings: warnings.lines) : nil
        let serverLatency = settings.serverLatency
        let backend = DoctorReport.Backend(name: selection.backend.description, device: selection.device, reason: selection.reason,
                                           serverLatency: serverLatency.description,
                                           keepsRunning: engine.player.statistics.keepsRunning)
        // Each kind's sound as a 48 kHz stereo bank would load it: pack, theme or bundled.
        let loaded = SoundBank.load(packDirectory: settings.soundPackDirectory, soundTheme: settings.soundTheme,
                                    themeSearchPath: SoundThemeSearchPath(environment: .current()),
                                    sampleRate: 48_000, channels: 2)
        let sources = loaded.sources
        // A theme that is not installed plays nothing of its own; the file is still used.
        let missingTheme = settings.soundTheme.flatMap {
            SettingsFileFormat.missingThemeProblem($0, searchPath: SoundThemeSearchPath(environment: .current()))
        }
        engine.setVisibleInputViews([])

        if scanner.flag("--json") {
            print(try jsonLine(DoctorReport(
                settingsFile: store.locationError == nil ? store.filePath : nil, settingsFileExists: fileExists,
                settings: settings, settingsErrors: problems, soundProblems: engine.soundProblems.map(\.description),
                soundSources: sources, releaseSources: loaded.releaseSources,
                device: device, backend: backend, playerState: engine.player.state.description, format: format, scheduling: scheduling,
                verdict: verdict, hint: hint, warnings: (missingTheme.map { [$0] } ?? []) + warnings.lines, listen: listen)))
        } else {
            var lines = ["inputclick \(InputClickVersion.string)"]
            if let locationError = store.locationError {
                lines.append("settings file:  none read: \(locationError.variable ?? "the home directory") is not UTF-8 text (defaults)")
            } else {
                lines.append("settings file:  \(store.filePath)\(fileExists ? "" : " (absent: defaults)")")
            }
            for problem in problems { lines.append("  problem:      \(problem)") }
            if !fileErrors.isEmpty {
                lines.append("                the file is refused as a whole: every setting below is from before it "
                             + "(check it with 'inputclick settings check')")
            }
            let gain = settings.clickGain == 0 ? "silent" : cFormat("%.1f dB", settings.clickGainDecibels)
            lines.append("settings:       clicks \(settings.clicksEnabled ? "on" : "off"), "
                         + "volume \(SettingsKey.volume.valueText(in: settings)) (\(gain)), profile \(settings.profile)")
            lines.append("                ducking \(settings.ducking.depthDecibels) dB, attack \(settings.ducking.attackMilliseconds) ms, "
                         + "hold \(settings.ducking.holdMilliseconds) ms, release \(settings.ducking.releaseMilliseconds) ms")
            let desktop = store.desktopSettings
            if desktop != .none {
                let said = [desktop.clicksEnabled.map { "input feedback \($0 ? "on" : "off")" },
                            desktop.soundTheme.map { "theme \($0)" }, desktop.profile.map { "profile \($0)" }]
                lines.append("desktop:        " + said.compactMap { $0 }.joined(separator: ", ") + " (under the file)")
            }
            lines.append("sounds:         pack \(settings.soundPackDirectory ?? "none"), theme \(settings.soundTheme ?? "none")")
            for kind in ClickKind.allCases {
                lines.append("  \((kind.name + ":").padded(to: 13)) \(sources[kind] ?? .bundled)")
            }
            // Release sounds, where the pack gives them; other releases play the press sound, quieter.
            for kind in ClickKind.allCases {
                guard let source = loaded.releaseSources[kind] else { continue }
                lines.append("  \((kind.name + "-up:").padded(to: 13)) \(source)")
            }
            if let missingTheme { lines.append("  warning:      \(missingTheme)") }
            for problem in engine.soundProblems { lines.append("  refused:      \(problem)") }
            lines.append("backend:        \(selection.backend) on \(selection.device): \(selection.reason) "
                         + "(--backend or INPUTCLICK_BACKEND=auto|alsa|pipewire|pulseaudio)")
            if let format {
                lines.append("device:         \(device): \(format.sampleRate) Hz, \(format.channels) ch, \(format.sampleFormat), "
                             + cFormat("period %ld (%.2f ms), buffer %ld (%.2f ms)", format.periodFrames,
                                      format.periodMilliseconds, format.bufferFrames, format.bufferMilliseconds))
                if let scheduling {
                    if engine.player.statistics.keepsRunning == true {
                        lines.append("scheduling:     \(scheduling), kept running (the stream runs while a keyboard is visible, "
                                     + "so a tap never starts, stops or re-times anything on the sound server)")
                    } else {
                        lines.append("scheduling:     \(scheduling) (\(Self.explain(scheduling)))")
                    }
                }
            } else {
                lines.append("device:         \(device): not open (\(engine.player.state))")
            }
            let frames = serverLatency.frames(atSampleRate: format?.sampleRate ?? 48_000)
            // PipeWire's graph is what the policy sizes: natively, or through its
            // ALSA plugin kept running in rewind mode; other servers' streams are
            // sized by the latency profile.
            let onPipeWire = selection.backend == .pipewire
                || (selection.backend == .alsa && engine.player.statistics.keepsRunning == true && scheduling == .rewind)
            if onPipeWire || format == nil {
                lines.append("server latency: \(serverLatency) (\(frames) frames asked of PipeWire's graph while a keyboard "
                             + "is visible, never changed per tap; the setting latency = lowest|balanced|economy)")
            } else {
                lines.append("server latency: \(serverLatency), not used here (it sizes what a stream asks of PipeWire's graph; "
                             + "this \(selection.backend) stream is sized by its latency profile)")
            }
            for warning in warnings.lines { lines.append("  warning:      \(warning)") }
            if let hint { lines.append("  likely fix:   \(hint)") }
            lines.append("a tap:          \(verdict.identifier): \(verdict.reason)")
            lines += Self.describe(listen)
            // Paths, device names and messages may hold any character (a file
            // name, an argument): none reaches the terminal raw.
            print(lines.map { $0.escapingControlCharacters() }.joined(separator: "\n"))
        }
        if !fileErrors.isEmpty { return SettingsCommand.dataErrorExitCode }
        return verdict.clicks ? 0 : 1
    }
}

extension DoctorCommand {
    /// The lines on what `listen` would read: each keyboard, or why none and the fix.
    static func describe(_ listen: ListenDeviceSurvey) -> [String] {
        var lines: [String] = []
        if let problem = listen.problem {
            lines.append("listen:         would read no keyboard: \(problem)")
        } else {
            let count = listen.keyboards.count
            lines.append("listen:         would read \(count) keyboard\(count == 1 ? "" : "s") in \(listen.directory)")
            for keyboard in listen.keyboards { lines.append("  keyboard:     \(keyboard.path) (\(keyboard.name))") }
        }
        if let fix = listen.fix {
            for (index, line) in fix.split(separator: "\n").enumerated() {
                lines.append((index == 0 ? "  likely fix:   " : "                ") + line)
            }
        }
        return lines
    }

    /// One line on what a scheduling mode means for the user.
    static func explain(_ scheduling: ClickScheduling) -> String {
        switch scheduling {
        case .rewind: return "sleeps while silent; a tap starts the stream, or is written just ahead of what plays"
        case .onDemand: return "sleeps while silent; a tap starts the stream, or is appended after what is queued"
        case .append: return "the stream runs while a keyboard is visible; each tap is appended"
        }
    }
}

/// Warnings collected from any thread.
private final class WarningList: Sendable {
    private let storage = Mutex<[String]>([])
    func add(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}
