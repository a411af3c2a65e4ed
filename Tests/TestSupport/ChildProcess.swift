import Foundation

/// What a child process did: its exit status and what it printed.
///
/// Thread context: a plain value; use it from any thread.
public struct ChildRun: Sendable {
    /// The exit status; 128 + the signal number if a signal ended it; 127 if it could not start.
    public var status: Int32
    /// Everything it wrote to standard output.
    public var standardOutput: String
    /// Everything it wrote to standard error.
    public var standardError: String
    /// Whether it outlived its time limit and was killed, with its process group.
    public var timedOut: Bool

    /// Standard output followed by standard error, for messages.
    public var output: String { standardOutput + standardError }
}

/// Runs programs for the tests with `posix_spawn` and `waitpid`, never with
/// Foundation's `Process`.
///
/// In the test process (which also hosts libjack clients), `Process` missed a
/// child's exit: `waitUntilExit()` never returned while the child sat as a
/// zombie, and the whole test run hung until CI gave up. Here the child's
/// input and output are temporary files, so no pipe can fill or be held open
/// by a grandchild, and the wait blocks on the child's pidfd until it exits or
/// a deadline passes: a child that hangs is killed, with its process group, and
/// the run says so. The child starts with every signal at its default action
/// and none blocked, whatever the test process set.
///
/// Thread context: any thread; ``run(_:_:environment:input:timeout:)``
/// blocks its caller until the child ends (at most `timeout` plus 5 s).
public enum ChildProcess {
    /// Runs `path` with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment; `nil` passes this process's.
    ///   - input: what the child reads on standard input, which then ends.
    ///   - timeout: seconds after which the child and its process group are killed.
    public static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                           input: Data = Data(), timeout: Double = 60) -> ChildRun {
        run(path, byteArguments: arguments.map { Array($0.utf8) },
            byteEnvironment: environment.map { $0.map { Array("\($0.key)=\($0.value)".utf8) } },
            input: input, timeout: timeout)
    }

    /// Runs `path` with arguments and environment entries (`NAME=value`) given
    /// as bytes, so tests can pass text that is not UTF-8, which a Swift
    /// `String` cannot hold. Otherwise the same as ``run(_:_:environment:input:timeout:)``.
    ///
    /// - Parameter byteEnvironment: the child's whole environment; `nil` passes this process's.
    public static func run(_ path: String, byteArguments arguments: [[UInt8]], byteEnvironment environment: [[UInt8]]?,
                           input: Data = Data(), timeout: Double = 60) -> ChildRun {
        let directory = NSTemporaryDirectory() + "inputclick-child-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        guard mkdir(directory, 0o700) == 0 else {
            return ChildRun(status: 127, standardOutput: "", standardError: "cannot make \(directory): \(String(cString: strerror(errno)))",
                            timedOut: false)
        }
        let inputPath = directory + "/in", outputPath = directory + "/out", errorPath = directory + "/err"
        defer { for file in [inputPath, outputPath, errorPath] { unlink(file) }; rmdir(directory) }
        guard FileManager.default.createFile(atPath: inputPath, contents: input) else {
            return ChildRun(status: 127, standardOutput: "", standardError: "cannot write \(inputPath)", timedOut: false)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let pid: pid_t
        switch spawn(path, byteArguments: arguments, byteEnvironment: environment, actions: &actions) {
        case .success(let spawned): pid = spawned
        case .failure(let failure): return ChildRun(status: 127, standardOutput: "", standardError: failure.description, timedOut: false)
        }

        var status: Int32 = 0
        var timedOut = false, lost: String?
        let exit = ProcessExitWatch(pid: pid)
        if !reap(pid, watching: exit, within: timeout, status: &status, lost: &lost) {
            timedOut = true
            kill(-pid, SIGKILL)
            if !reap(pid, watching: exit, within: 5, status: &status, lost: &lost) { lost = "process \(pid) outlived SIGKILL for 5 s" }
        }
        // An empty file is read as "" without FileManager: contents(atPath:)
        // leaks a 4 KiB buffer for each empty file it reads (swift-foundation
        // 6.3.1; found with AddressSanitizer, ~680 KB over the CLI tests).
        let read = { (file: String) -> String in
            var status = stat()
            guard stat(file, &status) == 0, status.st_size > 0 else { return "" }
            return String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
        }
        let exited = status & 0x7f == 0
        return ChildRun(status: lost != nil ? 255 : exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
                        standardOutput: read(outputPath),
                        standardError: read(errorPath) + (lost.map { "\n" + $0 } ?? ""),
                        timedOut: timedOut)
    }

    /// Reaps the child `pid`, blocking on `exit` (its pidfd) until it exits or `seconds` pass; whether it
    /// was reaped (or `waitpid` failed, which `lost` then says).
    static func reap(_ pid: pid_t, watching exit: ProcessExitWatch, within seconds: Double,
                     status: inout Int32, lost: inout String?) -> Bool {
        let deadline = TestDeadline(seconds: seconds)
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return true }
            if reaped < 0 && errno != EINTR {
                lost = "waitpid(\(pid)) failed: \(String(cString: strerror(errno)))"
                return true
            }
            if deadline.hasPassed { return false }
            exit.wait(until: deadline)
        }
    }

    /// Starts `path` in a process group of its own (so that killing the group also ends what it started),
    /// with every signal at its default action and none blocked, its descriptors set up by `actions`.
    ///
    /// - Parameter environment: entries `NAME=value`, the child's whole environment; `nil` passes this process's.
    static func spawn(_ path: String, byteArguments arguments: [[UInt8]], byteEnvironment environment: [[UInt8]]?,
                      actions: inout posix_spawn_file_actions_t) -> Result<pid_t, ChildProcessError> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)

        /// A malloc'd C string of `bytes` (which must hold no NUL), for argv and envp.
        func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        let argv = ([Array(path.utf8)] + arguments).map(cString) + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map(cString) + [nil] }
        defer { (argv + (envp ?? [])).forEach { $0?.deallocate() } }
        var pid: pid_t = 0
        let spawned = envp.map { posix_spawn(&pid, path, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard spawned == 0 else { return .failure(ChildProcessError(description: "cannot run \(path): \(String(cString: strerror(spawned)))")) }
        return .success(pid)
    }
}

/// A child process could not be started. C: `posix_spawn`, `pipe2`.
public struct ChildProcessError: Error, CustomStringConvertible {
    public var description: String
}
