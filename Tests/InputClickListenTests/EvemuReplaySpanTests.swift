import InputClickListen
import Testing

/// A replay plays in real time: a recording spanning more than a day is refused, naming the line.
@Suite struct EvemuReplaySpanTests {
    private let head = "# EVEMU 1.3\nN: Test keyboard\nI: 0011 0001 0001 ab83\n"

    private func error(_ events: String) -> EvemuParseError? {
        do { _ = try EvemuReplay(parsing: Array((head + events).utf8)); return nil } catch { return error as? EvemuParseError }
    }

    @Test func anEventCenturiesAfterTheFirstIsRefusedNamingItsLine() {
        let problem = error("E: 0.000000 0001 001e 0001\nE: 0.100000 0001 001e 0000\nE: 9999999999.000000 0001 001e 0001\n")
        #expect(problem?.line == 6)
        #expect(problem?.problem.contains("at most 24 hours") == true, "\(String(describing: problem))")
    }

    @Test func theSpanCountsFromTheFirstEventNotFromZero() throws {
        // A kernel timestamp a day and more after boot is ordinary: only the distance from the first event counts.
        let day = EvemuReplay.maximumSpanNanoseconds / 1_000_000_000
        let replay = try EvemuReplay(parsing: Array((head + "E: \(day + 5).000000 0001 001e 0001\n"
                                                     + "E: \(2 * day + 5).000000 0001 001e 0000\n").utf8))
        #expect(replay.actions.map(\.time) == [0, EvemuReplay.maximumSpanNanoseconds])
        #expect(error("E: 5.000000 0001 001e 0001\nE: \(day + 5).000001 0001 001e 0000\n")?.line == 5)
    }
}
