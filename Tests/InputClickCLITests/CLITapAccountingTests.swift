import Foundation
import TestSupport
import Testing

/// `inputclick tap`'s summary accounts for every tap, as RELIABILITY.md's
/// accounting does: taps = plays + held + suspect + refused, and the accepted
/// ones (plays + held + suspect) = written + dropped from the hold + dropped as stale + lost
/// with the device.
@Suite("inputclick tap accounts for every tap", .serialized)
struct CLITapAccountingTests {
    @Test("when the sink dies and comes back mid-typing, tap's JSON summary adds up tap for tap")
    func theSummaryAddsUpThroughASinkCrash() throws {
        let sink = CLISink(name: "inputclick-tap-accounts-\(getpid())")
        #expect(sink.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        defer { sink.script(["stop"]) }
        let process = Process()
        process.executableURL = CLIProcess.binary
        process.arguments = ["tap", "--device", "inputclick_sink", "--json"]
        var environment = ProcessInfo.processInfo.environment
        environment["INPUTCLICK_DESKTOP_SETTINGS"] = "off"
        for (key, value) in sink.environment { environment[key] = value }
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        // The sink script started mid-run must not inherit the write end of
        // tap's standard input: tap would never see the end of its input.
        for handle in [input.fileHandleForWriting, output.fileHandleForReading, errors.fileHandleForReading] {
            #expect(fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC) == 0)
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let watchdog = ProcessWatchdog(process, seconds: 60)
        defer { watchdog.cancel() }

        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("READY\n") {
            let chunk = output.fileHandleForReading.availableData   // blocks until tap writes or exits
            if chunk.isEmpty { break }
            printed += chunk
        }
        try #require(String(decoding: printed, as: UTF8.self).contains("READY\n"), "tap did not say READY")
        func type(_ count: Int) {
            for _ in 0..<count {
                try? input.fileHandleForWriting.write(contentsOf: Data("\n".utf8))
                usleep(20_000)   // a typing rhythm, 50 taps a second
            }
        }
        type(25)
        #expect(sink.script(["stop"]) == 0)
        type(25)                 // the device is gone: these are refused (or held, then lost or dropped)
        #expect(sink.script(["start", "--watch-pid", "\(getpid())"]) == 0)
        type(75)                 // the player reopens the device and clicks again
        input.fileHandleForWriting.closeFile()
        printed += output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let standardError = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "stderr: \(standardError)")

        let lines = String(decoding: printed, as: UTF8.self).split(separator: "\n")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        func count(_ key: String) -> Int { report[key] as? Int ?? -1 }
        let refused = try #require(report["refused"] as? [String: Any]).mapValues { $0 as? Int ?? -1 }
        let accepted = count("plays") + count("held") + count("suspect")
        print("tap through a sink crash: \(count("taps")) taps = \(count("plays")) plays + \(count("held")) held + "
              + "\(count("suspect")) suspect + \(refused); "
              + "\(accepted) accepted = \(count("written")) written + \(count("heldDropped")) dropped from the hold + "
              + "\(count("staleDropped")) dropped as stale + \(count("lostWithDevice")) lost with the device")
        #expect(count("taps") == 125)
        #expect(accepted + refused.values.reduce(0, +) == 125)
        #expect(count("unaccounted") == 0)
        #expect(count("written") + count("heldDropped") + count("staleDropped") + count("lostWithDevice") == accepted)
        #expect(count("played") == count("written"))
        #expect(count("dropped") == 125 - count("written"))
        #expect(refused.values.reduce(0, +) + count("lostWithDevice") + count("heldDropped") + count("staleDropped") > 0,
                "the outage cost no tap: the sink's stop was not noticed")
    }
}
