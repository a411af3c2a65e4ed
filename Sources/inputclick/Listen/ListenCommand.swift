import InputClick
import InputClickListen
#if canImport(Glibc)
import Glibc
#endif

/// `inputclick listen`: a click for every key press on the machine's
/// keyboards, or on a replayed `evemu-record` recording.
struct ListenCommand: Subcommand {
    static let name = "listen"
    static let abstract = "Click for every key press on this machine's keyboards (evdev), or a replayed recording."
    static let help = """
        USAGE: inputclick listen [--device NAME] [--input PATH ...] [--key-up] [--pan | --uniform]
               inputclick listen --replay FILE [--output FILE.wav] [--key-up] [--pan | --uniform]

        Plays a click for every key press on every keyboard of this machine,
        read through evdev (/dev/input/event*), whatever display server runs,
        or none. Keyboards plugged in later click too. Backspace and Delete
        play the delete sound, Shift/Ctrl/Alt/Meta/Caps Lock the modifier
        sound, Space the space sound, Enter the return sound, any other key
        the key sound. A held key's repeats click, thinned by the rate limit.
        Each click varies a little in gain (±1 dB) and pitch (±2 %), from a
        seed. The settings file applies, live: clicks = off silences it.
        Stop it with Ctrl-C or SIGTERM.

        Privacy: it keeps nothing of a key but the kind and pan of the click
        it is about to play; it never prints, logs or stores key codes, holds
        no history and makes no network access. But anyone who hears the
        clicks (or records them) learns what the sounds tell: the kinds give
        away spaces, deletes and returns (word lengths, corrections, lines),
        and --pan each key's column. --uniform plays every key alike, as a
        password field does: the key sound, centred and unvaried, so only the
        timing is left.

        OPTIONS:
          --device NAME       ALSA device to play on. Default: default.
          --input PATH        Read this device only (repeat for more). Default:
                              every device in the input directory with letter keys.
          --input-dir DIR     The input directory. Default: $INPUTCLICK_INPUT_DIR, or /dev/input.
          --key-up            Click on release too: the sound pack's release sound for
                              the kind (key-up.wav, space-up.wav...), else the press
                              sound \(Int(-ListenClickRule.releaseGainDecibels)) dB quieter.
          --pan               Place each click by its key's column: left keys
                              left, right keys right (at most \(KeyLayout.maximumPan) of full pan).
          --seed N            Seed of the per-click variation. Default: \(defaultSeed).
          --no-variation      Play every click unvaried.
          --uniform           One sound for every key: the key sound, centred and
                              unvaried, as in a password field (no --pan). The rate
                              limit then counts all keys together.
          --replay FILE       Replay an evemu-record recording in real time instead of reading devices
                              (at most 24 hours from its first event to its last).
                              With FILE -, read it from standard input and play each
                              event as it arrives (evemu-record ... | inputclick listen --replay -);
                              READY goes to standard output once a click can play.
          --output FILE.wav   With --replay: render offline to a WAV file, as fast as possible.
          --list-devices      Print the devices it would read (none: nothing), then exit 0.
          --verbose           Say which devices it reads, and totals at the end.
          -h, --help          Show this help.

        EXIT STATUS:
          0 stopped by a signal, or the replay ended; 64 bad arguments;
          65 a recording that is not valid evemu-record text, or spans more than
          24 hours (the message names the line); 66 a recording that cannot be
          read; 69 no keyboard found; 77 /dev/input cannot be read (the message
          says how to fix it); 78 the ALSA configuration cannot be read.
        """

    /// The variation's seed when `--seed` is not given.
    static let defaultSeed: UInt64 = 2026

    static func run(_ arguments: [String]) throws -> Int32 {
        // --input may be repeated; the scanner takes each option once.
        var inputs: [String] = []
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { rest += arguments[index...]; break }
            if argument == "--input" {
                guard index + 1 < arguments.count else { throw UsageError("option --input needs a value") }
                inputs.append(arguments[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix("--input=") { inputs.append(String(argument.dropFirst(8))); index += 1; continue }
            rest.append(argument)
            index += 1
        }
        let scanner = try ArgumentScanner(rest, valueOptions: ["--device", "--input-dir", "--seed", "--replay", "--output"],
                                          flagOptions: ["--key-up", "--pan", "--uniform", "--no-variation", "--list-devices",
                                                        "--verbose"])
        guard scanner.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(scanner.positionals[0])'")
        }
        if inputs.contains(where: \.isEmpty) { throw UsageError("--input needs a device path, not an empty string") }
        let replay = scanner.value("--replay"), output = scanner.value("--output")
        if output != nil && replay == nil { throw UsageError("--output needs --replay: only a recording renders offline") }
        if replay != nil && !inputs.isEmpty { throw UsageError("--replay and --input cannot be combined") }
        if let output, !(output.count > 4 && output.lowercased().hasSuffix(".wav")) {
            throw UsageError("--output must name a .wav file, not '\(output)'")
        }
        if output != nil && scanner.value("--device") != nil {
            throw UsageError("--device and --output cannot be combined: play to a device or render to a file")
        }
        if scanner.flag("--uniform") && scanner.flag("--pan") {
            throw UsageError("--uniform and --pan cannot be combined: --uniform plays every click centred")
        }
        if let device = scanner.value("--device"), device.isEmpty {
            throw UsageError("--device needs a device name, not an empty string")
        }
        var seed = defaultSeed
        if let text = scanner.value("--seed") {
            guard let value = UInt64(text) else { throw UsageError("--seed must be a whole number from 0 to \(UInt64.max), not '\(text)'") }
            seed = value
        }
        let options = ListenOptions(
            device: scanner.value("--device") ?? "default",
            rule: ListenClickRule(keyUp: scanner.flag("--key-up"), panning: scanner.flag("--pan")),
            variation: scanner.flag("--no-variation") ? nil : ClickVariation(seed: seed),
            uniform: scanner.flag("--uniform"),
            verbose: scanner.flag("--verbose"))

        if replay == "-" {
            guard output == nil else { throw UsageError("--output needs a recording file, not standard input") }
            return try playStream(options: options)
        }
        if let replay {
            let recording = try loadRecording(replay)
            if let output { return try renderReplay(recording, options: options, to: output) }
            return try playReplay(recording, options: options)
        }
        let directory = scanner.value("--input-dir") ?? ListenDeviceSurvey.defaultDirectory()
        let keyboards = KeyboardSet(directory: directory, named: inputs, verbose: options.verbose)
        // Listing what it would read: none is an empty list, not a failure.
        let listsEmpty = scanner.flag("--list-devices") && inputs.isEmpty
        do {
            try keyboards.discover()
        } catch let failure as ListenFailure {
            if listsEmpty, case .noKeyboard = failure { return 0 }
            throw runtimeFailure(failure)
        }
        if keyboards.devices.isEmpty {
            if !keyboards.permissionDenied.isEmpty {
                throw runtimeFailure(.permission(keyboards.permissionDenied.joined(separator: ", ") + ": permission denied"))
            }
            if listsEmpty { return 0 }
            throw runtimeFailure(.noKeyboard("no keyboard (a device with letter keys) in \(directory)"))
        }
        if scanner.flag("--list-devices") {
            for device in keyboards.devices { print("\(device.path)\t\(device.name)") }
            return 0
        }
        return try listen(keyboards, options: options)
    }

    /// Reads a recording file and parses it.
    private static func loadRecording(_ path: String) throws -> EvemuReplay {
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(path, limit: EvemuParser.maximumBytes)
        } catch let error as ReadFileError {
            throw RuntimeFailure("cannot read the recording \(path): \(error.message)", exitCode: ListenExit.cannotRead)
        }
        do {
            return try EvemuReplay(parsing: bytes)
        } catch let error as EvemuParseError {
            throw RuntimeFailure("\(path): \(error): not a valid evemu-record recording", exitCode: ListenExit.dataError)
        }
    }

    /// The failure and exit code for a device problem, with the fix for permissions.
    private static func runtimeFailure(_ failure: ListenFailure) -> RuntimeFailure {
        switch failure {
        case .noKeyboard(let text):
            return RuntimeFailure(text + ".\n" + noKeyboardFix, exitCode: ListenExit.unavailable)
        case .permission(let text):
            return RuntimeFailure("cannot read the keyboards: \(text).\n" + permissionFix, exitCode: ListenExit.noPermission)
        }
    }

    /// What to do when `listen` finds no keyboard to read.
    static let noKeyboardFix = """
        Keyboards appear as /dev/input/event* (a container or remote session may have none; pass
        another directory with --input-dir or INPUTCLICK_INPUT_DIR, or devices with --input), and
        reading them needs the 'input' group (sudo usermod -aG input $USER, then log out and in).
        To try listen without a keyboard, replay a recording made with evemu-record:
          inputclick listen --replay typing.evemu
        """

    /// How to let a user read the keyboards: `listen` prints it when it may
    /// not, and `doctor` when it finds that `listen` may not.
    static let permissionFix = """
        Reading /dev/input/event* needs membership of the 'input' group. Either:
          - add yourself to it: sudo usermod -aG input $USER (then log out and in again), or
          - give your user access with a udev rule, e.g. in /etc/udev/rules.d/70-inputclick.rules:
              SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_KEYBOARD}=="1", TAG+="uaccess"
            then: sudo udevadm control --reload && sudo udevadm trigger
        inputclick never tries to gain privileges itself.
        """
}

/// `listen`'s exit codes beyond usage (sysexits.h).
enum ListenExit {
    static let dataError: Int32 = 65
    static let cannotRead: Int32 = 66
    static let unavailable: Int32 = 69
    static let noPermission: Int32 = 77
}

/// What `listen` was asked to do, once its arguments are checked.
struct ListenOptions: Sendable {
    var device: String
    var rule: ListenClickRule
    var variation: ClickVariation?
    /// Whether every key plays alike: the gate's secure text entry, held for
    /// the whole run (the key sound, centred, unvaried).
    var uniform: Bool
    var verbose: Bool
}
