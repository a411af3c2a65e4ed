import Foundation
import InputClick
import TestSupport
import Testing

/// The helper every CLI and sink test runs programs through must itself
/// never hang, and must say what happened.
@Suite("Running child processes for the tests")
struct ChildProcessTests {
    /// Whether process `pid` is gone or a zombie.
    private func ended(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state == "Z" || state == "X"
    }

    @Test("output, errors, input and exit status come back separately")
    func ordinaryRun() {
        let run = ChildProcess.run("/bin/sh", ["-c", "cat; echo oops >&2; exit 3"], input: Data("héllo".utf8))
        #expect(run.status == 3)
        #expect(run.standardOutput == "héllo")
        #expect(run.standardError == "oops\n")
        #expect(!run.timedOut)
    }

    @Test("a child that outlives its time limit is killed with what it started, and the run says so")
    func hangingChildIsKilled() {
        let started = ClickClock.monotonic.now()
        let run = ChildProcess.run("/bin/sh", ["-c", "sleep 30 & echo $!; sleep 30"], timeout: 0.5)
        let seconds = Double(ClickClock.monotonic.now() - started) / 1e9
        #expect(run.timedOut)
        #expect(run.status == 128 + SIGKILL)
        #expect(seconds < 5, "the run took \(seconds) s")
        let grandchild = Int32(run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(grandchild > 0)
        // SIGKILL lands asynchronously: wait for the grandchild's exit.
        ProcessExitWatch(pid: grandchild).wait(until: TestDeadline(seconds: 2))
        #expect(ended(grandchild), "the background sleep outlived its process group")
    }

    @Test("a running child's lines come as it prints them, and stopping it ends it with what it started")
    func runningChildLines() throws {
        let child = try RunningChild("/bin/sh", ["-c", "echo one; printf 'two\\nthr'; sleep 30 & echo $!; wait"])
        let deadline = TestDeadline(seconds: 10)
        #expect(child.nextLine(until: deadline) == "one")
        #expect(child.nextLine(until: deadline) == "two")
        let grandchild = Int32(child.nextLine(until: deadline)?.dropFirst(3) ?? "") ?? 0
        #expect(grandchild > 0)
        // Nothing more comes while it waits: the wait runs out.
        #expect(child.nextLine(until: TestDeadline(seconds: 0.1)) == nil)
        child.stop()
        #expect(ended(child.pid), "the child outlived stop()")
        ProcessExitWatch(pid: grandchild).wait(until: TestDeadline(seconds: 2))
        #expect(ended(grandchild), "the background sleep outlived its process group")
    }

    @Test("a program that cannot start is status 127 with the reason")
    func missingProgram() {
        let run = ChildProcess.run("/nonexistent/program", [])
        #expect(run.status == 127)
    }
}
