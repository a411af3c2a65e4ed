import Foundation
import InputClickReports
import Testing

/// A report with every shape the CLI's reports use.
private struct Sample: Encodable {
    struct Inner: Encodable {
        var p50: Double
        var p100: Double
        var p9: Double
        var count: Int
    }
    var device: String
    var aB = 1
    var aa = 2
    var Zed = 3
    var queueFull: UInt64 = 4
    var queued: Int32 = -5
    var flag = true
    var missing: String? = nil
    var present: String? = "here"
    var numbers: [Double]
    var nested: [Inner]
    var table: [String: Int]
    var empty: [String] = []
}

@Suite("JSON lines without Foundation")
struct JSONLineEncoderTests {
    @Test("the reports' encoder writes byte for byte what Foundation's JSONEncoder writes, sorted keys and all")
    func matchesFoundation() throws {
        let samples = [
            Sample(device: "file:FILE=\"/tmp/a b.raw\"", numbers: [0, 1, -1, 0.57, 100, 1e20, 1e-7, 0.1 + 0.2, 12_345_678.9, 2.5e-3],
                   nested: [.init(p50: 1.64, p100: 5.3, p9: 0.83, count: 480)], table: ["x": 1, "A": 2, "b10": 3, "b9": 4]),
            Sample(device: "tab\tnewline\ncr\rbs\u{8}ff\u{C}nul\u{0}us\u{1F}del\u{7F}back\\slash/é😀", numbers: [],
                   nested: [], table: [:]),
        ]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for sample in samples {
            let expected = String(decoding: try foundation.encode(sample), as: UTF8.self)
            let ours = try encodeJSONLine(sample)
            #expect(ours == expected, "\n ours: \(ours)\n theirs: \(expected)")
        }
    }

    @Test("a number that is not finite is an error, as with JSONEncoder")
    func nonFiniteNumbersThrow() {
        #expect(throws: EncodingError.self) { try encodeJSONLine([Double.nan]) }
        #expect(throws: EncodingError.self) { try encodeJSONLine(["x": Double.infinity]) }
    }
}
