import Dispatch
import InputClick
import Synchronization
import Testing

@Suite struct LatencyRecorderTests {
    private func record(_ i: Int, write: UInt64, converter: UInt64) -> LatencyRecord {
        LatencyRecord(kind: ClickKind(rawValue: UInt8(i % 5))!, requestedAt: 1_000, writtenAt: 1_000 + write,
                      reachesConverterAt: 1_000 + converter, streamFrame: Int64(i) * 64)
    }

    @Test func percentilesUseTheNearestRank() {
        let recorder = LatencyRecorder()
        for i in 1...100 { recorder.record(record(i, write: UInt64(i), converter: UInt64(i) * 10)) }
        let report = recorder.report()
        #expect(report.toWrite.count == 100)
        #expect(report.toWrite.p50 == 50)
        #expect(report.toWrite.p95 == 95)
        #expect(report.toWrite.p99 == 99)
        #expect(report.toWrite.max == 100)
        #expect(report.toConverter.p50 == 500)
    }

    @Test func theRingKeepsTheNewestRecordsWhenFull() {
        let recorder = LatencyRecorder(capacity: 8)
        for i in 0..<20 { recorder.record(record(i, write: UInt64(i), converter: UInt64(i))) }
        let records = recorder.records()
        #expect(records.map(\.streamFrame) == (12..<20).map { Int64($0) * 64 })
        #expect(recorder.count == 20)
        #expect(records.map(\.kind) == (12..<20).map { ClickKind(rawValue: UInt8($0 % 5))! })
    }

    @Test func resetForgetsEarlierRecords() {
        let recorder = LatencyRecorder()
        for i in 0..<10 { recorder.record(record(i, write: 5, converter: 6)) }
        recorder.reset()
        #expect(recorder.records().isEmpty)
        recorder.record(record(99, write: 7, converter: 8))
        #expect(recorder.records().map(\.toWrite) == [7])
        #expect(recorder.count == 1)
    }

    @Test func anEmptyReportIsAllZeros() {
        let report = LatencyRecorder().report()
        #expect(report.toWrite == LatencySummary([]))
        #expect(report.toConverter.max == 0)
    }

    @Test func readersNeverSeeAHalfWrittenRecordWhileTheWriterLaps() {
        let recorder = LatencyRecorder(capacity: 16)
        let done = Atomic(false)
        let torn = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            if worker == 0 {
                for i in 0..<200_000 {
                    // Every field derives from i, so a mix of two records is detectable.
                    let value = UInt64(i)
                    recorder.record(LatencyRecord(kind: .key, requestedAt: value, writtenAt: value * 2,
                                                  reachesConverterAt: value * 3, streamFrame: Int64(i)))
                }
                done.store(true, ordering: .releasing)
            } else {
                while !done.load(ordering: .acquiring) {
                    for entry in recorder.records() {
                        let i = UInt64(entry.streamFrame)
                        if entry.requestedAt != i || entry.writtenAt != i * 2 || entry.reachesConverterAt != i * 3 {
                            torn.add(1, ordering: .relaxed)
                        }
                    }
                }
            }
        }
        #expect(torn.load(ordering: .relaxed) == 0)
    }

    @Test func millisecondsPrintWithTwoDecimals() {
        #expect(LatencySummary.milliseconds(3_414_000) == "3.41")
        #expect(LatencySummary.milliseconds(50_000) == "0.05")
    }
}

@Suite("Latency stats under concurrent reset")
struct LatencyRecorderConcurrencyTests {
    @Test("reading and resetting on other threads while recording never traps and never reports a negative count")
    func concurrentReadResetRecord() async {
        let recorder = LatencyRecorder(capacity: 64)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for i in 0..<200_000 {
                    recorder.record(LatencyRecord(kind: .key, requestedAt: UInt64(i), writtenAt: UInt64(i) + 10,
                                                  reachesConverterAt: UInt64(i) + 20, streamFrame: Int64(i)))
                }
            }
            group.addTask { for _ in 0..<20_000 { recorder.reset() } }
            group.addTask {
                for _ in 0..<20_000 {
                    let count = recorder.count
                    #expect(count >= 0)
                    #expect(recorder.records().count <= 64)
                }
            }
        }
    }
}
