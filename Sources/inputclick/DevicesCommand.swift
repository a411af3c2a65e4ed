import InputClickALSA

/// `inputclick devices [--json]`: the ALSA playback devices, from the hints
/// alsa-lib knows (cards, plugins, and PCMs the configuration defines).
struct DevicesCommand: Subcommand {
    static let name = "devices"
    static let abstract = "List the ALSA playback devices clicks can play through."
    static let help = """
        USAGE: inputclick devices [--json]

        Lists the playback devices alsa-lib's name hints know: sound cards,
        plugins such as pulse or pipewire, and PCMs defined in the ALSA
        configuration with a hint. Any of these names (and any other PCM the
        configuration defines) can be given to --device.

        OPTIONS:
          --json       One JSON line: an array of {"name", "description"} objects.
          -h, --help   Show this help.

        EXIT STATUS:
          0 listed (possibly none); 64 bad arguments; 78 the ALSA configuration
          cannot be read (a syntax error in one of its files).
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let scanner = try ArgumentScanner(arguments, valueOptions: [], flagOptions: ["--json"])
        guard scanner.positionals.isEmpty else { throw UsageError("unexpected argument '\(scanner.positionals[0])'") }
        ALSAOutput.silenceLibraryMessages()
        let devices: [ALSADevice]
        do {
            devices = try ALSADevice.playbackDevices().filter(\.canPlay)
        } catch let error as ALSAOutputError {
            throw RuntimeFailure("cannot list the ALSA devices: \(error)", exitCode: ExitCode.configuration)
        } catch {
            throw RuntimeFailure("cannot list the ALSA devices: \(error)")
        }
        if scanner.flag("--json") {
            let objects = devices.map { ["name": $0.name, "description": $0.description ?? ""] }
            print(try jsonLine(objects))
        } else if devices.isEmpty {
            writeError("no ALSA playback devices are listed (no sound card, and no PCM with a hint)")
        } else {
            let width = devices.map(\.name.count).max() ?? 0
            for device in devices {
                let summary = device.description?.split(separator: "\n").joined(separator: ": ") ?? ""
                print(device.name.padded(to: width + 2) + summary)
            }
        }
        return 0
    }
}
