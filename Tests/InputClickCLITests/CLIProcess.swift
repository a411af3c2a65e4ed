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
    ///
    /// - Parameter byteEnvironment: variables whose values are bytes, for
    ///   values that are not UTF-8; they replace any of the same name.
    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
                    byteEnvironment: [String: [UInt8]] = [:], timeout: TimeInterval = 60) throws -> CLIRun {
        try run(bytes: arguments.map { Array($0.utf8) }, input: input, environment: environment,
                byteEnvironment: byteEnvironment, timeout: timeout)
    }

    /// ``run(_:input:environment:byteEnvironment:timeout:)`` with arguments given as bytes.
    static func run(bytes arguments: [[UInt8]], input: Data = Data(), environment: [String: String] = [:],
                    byteEnvironment: [String: [UInt8]] = [:], timeout: TimeInterval = 60) throws -> CLIRun {
        var env = ProcessInfo.processInfo.environment
        // The machine's desktop settings (GNOME, feedbackd) must not change the outcome.
        env["INPUTCLICK_DESKTOP_SETTINGS"] = "off"
        for (key, value) in environment { env[key] = value }
        for key in byteEnvironment.keys { env[key] = nil }
        let entries = env.map { Array("\($0.key)=\($0.value)".utf8) }
            + byteEnvironment.map { Array($0.key.utf8) + [UInt8(ascii: "=")] + $0.value }
        let run = ChildProcess.run(binary.path, byteArguments: arguments, byteEnvironment: entries, input: input, timeout: timeout)
        if run.timedOut { throw CLITimeout(arguments: arguments.map { String(decoding: $0, as: UTF8.self) }) }
        return CLIRun(status: run.status, standardOutput: run.standardOutput, standardError: run.standardError)
    }
}

struct CLITimeout: Error, CustomStringConvertible {
    var arguments: [String]
    var description: String { "inputclick \(arguments.joined(separator: " ")) did not finish in time" }
}
