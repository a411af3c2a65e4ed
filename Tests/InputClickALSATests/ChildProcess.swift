import Foundation

/// Runs a program to completion with `posix_spawn` and `waitpid`, its output
/// (stdout and stderr together) going to a temporary file.
///
/// Foundation's `Process` sometimes missed the exit of a short-lived script
/// here (`waitUntilExit` never returned, the child left a zombie), so the
/// tests do not use it.
enum ChildProcess {
    /// Runs `path` with `arguments`; returns the exit status (128 + signal if
    /// killed, 127 if it could not start) and what it printed.
    static func run(_ path: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let outputPath = TestEnvironment.temporaryFile("child", extension: "out")
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { return (127, "cannot run \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }
}
