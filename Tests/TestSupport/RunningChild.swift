import Foundation

/// A child process that runs while a test reads what it prints, line by line, as it prints it (a
/// monitor such as `pactl subscribe`): standard output is a pipe, standard input and standard error are
/// `/dev/null`. Started in a process group of its own like ``ChildProcess``'s children; ``stop()`` (or
/// releasing it) kills the group and reaps the child.
///
/// Thread context: one thread at a time.
public final class RunningChild {
    /// The child's process ID.
    public let pid: pid_t
    private let output: Int32
    private let exit: ProcessExitWatch
    private var pending: [UInt8] = []
    /// Whether the child's output has ended (it exited or closed it): ``nextLine(until:)`` then returns
    /// only what was already read.
    public private(set) var outputEnded = false
    private var stopped = false

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    /// glibc's `pipe2`, a GNU extension the Glibc module does not import, looked up once: both ends
    /// close on exec, so no other test's child inherits the write end.
    private static let pipe2: Pipe2? = {
        guard let symbol = dlsym(nil, "pipe2") else { return nil }
        return unsafeBitCast(symbol, to: Pipe2.self)
    }()

    /// Starts `path` with `arguments`; `environment` is its whole environment (`nil`: this process's).
    /// - Throws: ``ChildProcessError`` if the pipe cannot be made or the program cannot start.
    public init(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        var ends: [Int32] = [-1, -1]
        guard let pipe2 = Self.pipe2, pipe2(&ends, O_CLOEXEC) == 0 else {
            throw ChildProcessError(description: "pipe2 failed: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let spawned = ChildProcess.spawn(path, byteArguments: arguments.map { Array($0.utf8) },
                                         byteEnvironment: environment.map { $0.map { Array("\($0.key)=\($0.value)".utf8) } },
                                         actions: &actions)
        close(ends[1])
        let child: pid_t
        switch spawned {
        case .success(let started):
            child = started
        case .failure(let failure):
            close(ends[0])
            throw failure
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        pid = child
        output = ends[0]
        exit = ProcessExitWatch(pid: child)
    }

    deinit {
        stop()
        close(output)
    }

    /// The next line the child printed (without its newline), waiting for it until `deadline`; `nil` if
    /// none came by then, or the child's output ended.
    public func nextLine(until deadline: TestDeadline) -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                defer { pending.removeSubrange(...newline) }
                return String(decoding: pending[..<newline], as: UTF8.self)
            }
            guard !outputEnded, waitUntilReadable(output, until: deadline) else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += buffer[..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                outputEnded = true
            }
        }
    }

    /// Kills the child with its process group and reaps it (waiting at most 5 s); idempotent.
    public func stop() {
        stop(asking: SIGKILL, within: 0)
    }

    /// Sends `signal` to the child's process group (SIGINT lets a recorder finish its file), waits `seconds`
    /// for the child to end, then kills the group; reaps it either way. Idempotent.
    public func stop(asking signal: Int32, within seconds: Double) {
        guard !stopped else { return }
        stopped = true
        var status: Int32 = 0
        var lost: String?
        kill(-pid, signal)
        if signal != SIGKILL, ChildProcess.reap(pid, watching: exit, within: seconds, status: &status, lost: &lost) {
            return
        }
        kill(-pid, SIGKILL)
        _ = ChildProcess.reap(pid, watching: exit, within: 5, status: &status, lost: &lost)
    }
}
