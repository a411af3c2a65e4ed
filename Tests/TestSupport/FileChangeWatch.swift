import Foundation

/// Waits for a condition on files that another process writes, without polling: an inotify watch on
/// their directory (a file made, written, closed or moved in), which wakes ``wait(seconds:until:)`` to
/// check the condition again. The watch starts in `init`, before the first check, so no change after
/// that check goes unseen.
///
/// Thread context: one thread at a time.
public final class FileChangeWatch {
    private let descriptor: Int32

    /// Watches `directory` (which must exist).
    /// - Throws: ``FileChangeWatchError`` naming the failed call, the directory and the system's reason.
    public init(directory: String) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw FileChangeWatchError(call: "inotify_init1", directory: directory, code: errno) }
        let events = UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO)
        guard inotify_add_watch(descriptor, directory, events) >= 0 else {
            let code = errno
            close(descriptor)
            throw FileChangeWatchError(call: "inotify_add_watch", directory: directory, code: code)
        }
    }

    deinit { close(descriptor) }

    /// Checks `condition`, and again after each change in the directory (a burst of changes may count as
    /// one), until it holds or `seconds` pass; whether it held.
    public func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = TestDeadline(seconds: seconds)
        while !condition() {
            guard waitUntilReadable(descriptor, until: deadline) else { return false }
            discardEvents()
        }
        return true
    }

    /// Reads the events that woke the wait: which file changed does not matter, the condition says.
    private func discardEvents() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}

/// An inotify call failed. C: `inotify_init1`, `inotify_add_watch`.
public struct FileChangeWatchError: Error, CustomStringConvertible {
    public var call: String
    public var directory: String
    public var code: Int32
    public var description: String { "\(call) for '\(directory)' failed: \(String(cString: strerror(code))) (errno \(code))" }
}
