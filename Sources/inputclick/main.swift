import InputClick
#if canImport(Glibc)
import Glibc
#endif

/// Exit codes, from sysexits.h.
enum ExitCode {
    /// Bad arguments, or a device name that does not exist (EX_USAGE).
    static let usage: Int32 = 64
    /// The system's configuration is broken, such as an ALSA configuration
    /// file with a syntax error (EX_CONFIG).
    static let configuration: Int32 = 78
    /// A backend or device that exists but cannot be used here (EX_UNAVAILABLE).
    static let unavailable: Int32 = 69
}

func writeError(_ text: String) {
    var line = text
    if !line.hasSuffix("\n") { line += "\n" }
    line.withCString { _ = write(2, $0, strlen($0)) }
}

func topLevelHelp() -> String {
    var text = "USAGE: inputclick <subcommand> [options]\n\nKey-click feedback for Linux keyboards.\n\nSUBCOMMANDS:\n"
    let width = (allSubcommands.map { $0.name.count }.max() ?? 0) + 2
    for command in allSubcommands {
        text += "  " + command.name + String(repeating: " ", count: width - command.name.count) + command.abstract + "\n"
    }
    text += "\nOPTIONS:\n  --version, version   Print the version (\(InputClickVersion.string)) and exit.\n"
    text += "  -h, --help, help     Show this help.\n"
    text += "\nWith --json, a subcommand prints its data as one JSON line.\n"
    text += "See 'inputclick <subcommand> --help' for details.\n"
    return text
}

/// The first argument that is not UTF-8 text, with its position (1 for the
/// subcommand). `CommandLine.arguments` would silently turn its bad bytes
/// into U+FFFD, and so a path into another path.
func firstNonUTF8Argument() -> (position: Int, text: NonUTF8Text)? {
    for position in 1..<Int(CommandLine.argc) {
        guard let pointer = CommandLine.unsafeArgv[position] else { continue }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                              count: strlen(pointer)))
        if let text = NonUTF8Text(bytes) { return (position, text) }
    }
    return nil
}

let arguments = Array(CommandLine.arguments.dropFirst())
if let bad = firstNonUTF8Argument() {
    let command = bad.position > 1 ? allSubcommands.first(where: { $0.name == arguments[0] }) : nil
    writeError("error: argument \(bad.position) is not UTF-8 text (\(bad.text)); inputclick takes text and paths only as UTF-8\n\n"
               + (command?.help ?? topLevelHelp()))
    exit(ExitCode.usage)
}
guard let first = arguments.first else {
    writeError(topLevelHelp())
    exit(ExitCode.usage)
}
if first == "--help" || first == "-h" || first == "help" {
    print(topLevelHelp(), terminator: "")
    exit(0)
}
if first == "--version" || first == "version" {
    guard arguments.count == 1 else {
        writeError("error: \(first) takes no arguments\n\n" + topLevelHelp())
        exit(ExitCode.usage)
    }
    print(InputClickVersion.string)
    exit(0)
}
guard let command = allSubcommands.first(where: { $0.name == first }) else {
    writeError("error: unknown subcommand '\(first)'\n\n" + topLevelHelp())
    exit(ExitCode.usage)
}
let rest = Array(arguments.dropFirst())
if rest.contains("--help") || rest.contains("-h") {
    print(command.help, terminator: command.help.hasSuffix("\n") ? "" : "\n")
    exit(0)
}
do {
    exit(try command.run(rest))
} catch let error as UsageError {
    writeError("error: \(error.message)\n\n" + command.help)
    exit(ExitCode.usage)
} catch let error as RuntimeFailure {
    writeError("error: \(error.message)")
    exit(error.exitCode)
} catch {
    writeError("error: \(error)")
    exit(1)
}
