#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM, turned into a readable pipe so that `listen`'s poll
/// loop wakes on them (a self-pipe: the handler only writes one byte).
enum StopSignal {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handlers and returns the pipe's read end.
    static func install() -> Int32 {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return -1 }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        writeEnd = fds[1]
        let handler: @convention(c) (Int32) -> Void = { _ in
            var byte: UInt8 = 1
            _ = write(StopSignal.writeEnd, &byte, 1)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        return fds[0]
    }
}
