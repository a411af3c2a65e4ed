/// One `inputclick` subcommand, in the shape of swift-argument-parser's
/// commands, written by hand: a name, a one-line abstract, a help text, and a
/// `run` that validates before it acts.
protocol Subcommand: Sendable {
    /// The word after `inputclick`.
    static var name: String { get }
    /// One line for `inputclick --help`.
    static var abstract: String { get }
    /// The whole `--help` text: usage line, arguments, options.
    static var help: String { get }
    /// Runs with the arguments after the subcommand's name.
    /// Throw ``UsageError`` for bad arguments (exit 64); return the exit code otherwise.
    static func run(_ arguments: [String]) throws -> Int32
}

/// Bad command-line arguments: printed with the subcommand's usage, exit 64 (EX_USAGE).
struct UsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// A failure while running, after the arguments were accepted: printed, exit 1.
struct RuntimeFailure: Error, CustomStringConvertible {
    var message: String
    var exitCode: Int32
    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
    var description: String { message }
}
