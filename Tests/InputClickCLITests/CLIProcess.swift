import Foundation

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

    /// Runs `inputclick ARGUMENTS`, feeding `input` on standard input; gives up (and fails) after `timeout` seconds.
    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
                    timeout: TimeInterval = 60) throws -> CLIRun {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // A watchdog: a run that hangs is killed and fails the test instead of hanging it.
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let errorText = PipeReader(stderr.fileHandleForReading)
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = errorText.wait()
        process.waitUntilExit()
        watchdog.cancel()
        if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM {
            throw CLITimeout(arguments: arguments)
        }
        return CLIRun(status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
                      standardError: String(decoding: err, as: UTF8.self))
    }
}

/// Reads a pipe to its end on another thread.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

struct CLITimeout: Error, CustomStringConvertible {
    var arguments: [String]
    var description: String { "inputclick \(arguments.joined(separator: " ")) did not finish in time" }
}
