import Foundation
import TestSupport

/// The result of running the `inputclick` binary.
struct CLIRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs the built `inputclick` binary, which sits beside the test bundle.
enum CLIProcess {
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("inputclick")
    }

    /// Runs `inputclick ARGUMENTS`, feeding `input` on standard input; a run
    /// that outlives `timeout` seconds is killed and throws ``CLITimeout``.
    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
                    timeout: TimeInterval = 60) throws -> CLIRun {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let run = ChildProcess.run(binary.path, arguments, environment: env, input: input, timeout: timeout)
        if run.timedOut { throw CLITimeout(arguments: arguments) }
        return CLIRun(status: run.status, standardOutput: run.standardOutput, standardError: run.standardError)
    }
}

struct CLITimeout: Error, CustomStringConvertible {
    var arguments: [String]
    var description: String { "inputclick \(arguments.joined(separator: " ")) did not finish in time" }
}
