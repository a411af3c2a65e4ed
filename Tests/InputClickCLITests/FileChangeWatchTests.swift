import Foundation
import TestSupport
import Testing

/// The inotify watch the tests wait on for files that other processes write.
@Suite("Waiting for changes to files")
struct FileChangeWatchTests {
    @Test("a wait checks again when a file in the directory changes, and only then")
    func aChangeWakesTheWait() throws {
        let directory = try makePrivateDirectory(prefix: "inputclick-watch-test-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let watch = try FileChangeWatch(directory: directory)
        var checks = 0
        #expect(!watch.wait(seconds: 0.2) { checks += 1; return false })
        #expect(checks == 1, "checked \(checks) times with nothing changed")

        checks = 0
        let file = directory + "/file"
        let held = watch.wait(seconds: 30) {
            checks += 1
            // Written after the first check: only the change can wake the wait.
            if checks == 1 { return !FileManager.default.createFile(atPath: file, contents: Data("written".utf8)) }
            return FileManager.default.contents(atPath: file) == Data("written".utf8)
        }
        #expect(held)
        #expect(checks >= 2)
    }
}
