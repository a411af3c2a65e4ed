import InputClick
#if canImport(Glibc)
import Glibc
#endif

/// `inputclick generate-sounds DIR`: writes the five bundled click sounds as
/// WAV files, bit-for-bit the committed `Sounds/*.wav`.
struct GenerateSoundsCommand: Subcommand {
    static let name = "generate-sounds"
    static let abstract = "Write the bundled click sounds (key, delete, modifier, space, return) as WAV files."
    static let help = """
        USAGE: inputclick generate-sounds <directory>

        Synthesizes the five bundled click sounds with the project's deterministic
        generator and writes them as 48 kHz mono 16-bit WAV files named key.wav,
        delete.wav, modifier.wav, space.wav and return.wav, replacing files of the
        same names. The directory is created if it does not exist (its parent must).
        The output is bit-for-bit identical on every machine:

          swift run inputclick generate-sounds Sounds

        ARGUMENTS:
          <directory>   Where to write the files.

        OPTIONS:
          -h, --help    Show this help.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let scanner = try ArgumentScanner(arguments, valueOptions: [])
        guard scanner.positionals.count == 1, let directory = scanner.positionals.first, !directory.isEmpty else {
            throw UsageError(scanner.positionals.isEmpty ? "missing <directory>"
                             : "expected one <directory>, got \(scanner.positionals.count) arguments")
        }
        var status = stat()
        if stat(directory, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw RuntimeFailure("\(directory): is not a directory") }
        } else if mkdir(directory, 0o755) != 0 {
            throw RuntimeFailure("\(directory): cannot create the directory: \(String(cString: strerror(errno)))")
        }
        let paths: [String]
        do {
            paths = try BundledSoundGenerator.writeFiles(into: directory)
        } catch {
            throw RuntimeFailure(error.description)
        }
        for path in paths { print(path) }
        return 0
    }
}
