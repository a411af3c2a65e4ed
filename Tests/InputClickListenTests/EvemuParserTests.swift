import InputClick
import InputClickListen
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The committed fixture: a generated evemu-record recording of typing (see Tests/Fixtures/listen/README.md).
func fixtureBytes() throws -> [UInt8] {
    let path = String(#filePath.split(separator: "/").dropLast(2).joined(separator: "/"))
    let file = "/" + path + "/Fixtures/listen/typing.evemu"
    guard let handle = fopen(file, "rb") else { throw FixtureMissing(path: file) }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, handle)
        if count == 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}

struct FixtureMissing: Error { var path: String }

/// The fixture's lines, split by hand: the test's own reading, independent of the parser.
func fixtureKeyEvents() throws -> [(code: UInt16, value: Int32)] {
    let text = String(decoding: try fixtureBytes(), as: UTF8.self)
    return text.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: "#", omittingEmptySubsequences: false)[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.first == "E:", fields.count == 5, fields[2] == "0001" else { return nil }
        return (UInt16(fields[3], radix: 16)!, Int32(fields[4])!)
    }
}

@Suite struct EvemuParserTests {
    private func parse(_ text: String) throws -> EvemuReplay { try EvemuReplay(parsing: Array(text.utf8)) }

    private func error(_ text: String) -> EvemuParseError? {
        do { _ = try parse(text); return nil } catch { return error as? EvemuParseError }
    }

    private let head = "# EVEMU 1.3\nN: Test keyboard\nI: 0011 0001 0001 ab83\nB: 01 00 00 01 00 00 00 00 00\n"

    @Test func theFixtureParsesWithOneActionPerKeyEvent() throws {
        let replay = try EvemuReplay(parsing: try fixtureBytes())
        #expect(replay.description.name == "AT Translated Set 2 keyboard")
        #expect(replay.description.hasLetterKeys)
        let events = try fixtureKeyEvents()
        #expect(replay.actions.count == events.count)
        #expect(replay.actions.filter { $0.transition == .press }.count == events.filter { $0.value == 1 }.count)
        #expect(replay.actions.filter { $0.transition == .autorepeat }.count == events.filter { $0.value == 2 }.count)
        #expect(replay.actions.first?.time == 0)
        for (action, event) in zip(replay.actions, events) { #expect(action.click == KeyClick(code: event.code)) }
    }

    @Test func timesAreMicrosecondsFromTheFirstEvent() throws {
        let replay = try parse(head + "E: 5.000100 0001 001e 0001\nE: 5.250100 0001 001e 0000\n")
        #expect(replay.actions.map(\.time) == [0, 250_000_000])
    }

    @Test func garbageNamesItsLine() {
        let problem = error(head + "E: 0.000000 0001 001e 0001\nthis is not evemu\n")
        #expect(problem?.line == 6)
    }

    @Test func aTruncatedLastEventIsReportedAsCutShort() {
        let problem = error(head + "E: 0.000000 0001 001e 0001\nE: 0.1000")
        #expect(problem?.line == 6)
        #expect(problem?.problem.contains("truncated") == true)
    }

    @Test func aRecordingCutBeforeItsEventsHasNoEvents() {
        #expect(error(head)?.problem.contains("no events") == true)
        #expect(error("")?.problem.contains("empty") == true)
    }

    @Test func anEventBeforeTheDescriptionIsRefused() {
        #expect(error("E: 0.000000 0001 001e 0001\n")?.line == 1)
    }

    @Test func timeGoingBackwardsIsRefused() {
        let problem = error(head + "E: 1.000000 0001 001e 0001\nE: 0.500000 0001 001e 0000\n")
        #expect(problem?.line == 6)
    }

    @Test func badFieldsAreRefused() {
        #expect(error(head + "E: 0.000000 0001 zz 0001\n")?.line == 5)
        #expect(error(head + "E: 0.000000 0001 001e 99999999999\n")?.line == 5)
        #expect(error("N: x\nI: 0011 0001\n")?.line == 2)
        #expect(error(head + "B: 40 00\n")?.line == 5)
    }

    @Test func errorMessagesNeverQuoteTheLine() {
        let problem = error(head + "E: 0.000000 0001 001e 0001\nE: 0.100000 0001 001e\n")
        #expect(problem != nil)
        #expect(problem?.description.contains("001e") == false)
    }

    @Test func commentsAndBlankLinesAreSkipped() throws {
        let replay = try parse("# EVEMU 1.3\n\n# a comment\nN: K # trailing\nI: 0011 0001 0001 ab83\n"
                               + "E: 0.000000 0001 0039 0001\t# EV_KEY / KEY_SPACE 1\n")
        #expect(replay.actions.map(\.click.kind) == [.space])
        #expect(replay.description.name == "K")
    }
}
