/// Nearest-rank percentiles of one latency figure, in nanoseconds; an empty set gives zeros.
public struct LatencySummary: Sendable, Hashable, CustomStringConvertible {
    public var count: Int
    public var p50: UInt64
    public var p95: UInt64
    public var p99: UInt64
    public var max: UInt64

    public init(_ values: [UInt64]) {
        let sorted = values.sorted()
        count = sorted.count
        func rank(_ percent: Int) -> UInt64 {
            guard !sorted.isEmpty else { return 0 }
            let index = (percent * sorted.count + 99) / 100 - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
        }
        p50 = rank(50)
        p95 = rank(95)
        p99 = rank(99)
        max = sorted.last ?? 0
    }

    /// `p50 3.41 ms, p95 4.02 ms, p99 4.87 ms, max 5.50 ms (n=1000)`.
    public var description: String {
        "p50 \(Self.milliseconds(p50)) ms, p95 \(Self.milliseconds(p95)) ms, "
            + "p99 \(Self.milliseconds(p99)) ms, max \(Self.milliseconds(max)) ms (n=\(count))"
    }

    /// Nanoseconds as milliseconds with two decimals.
    public static func milliseconds(_ nanoseconds: UInt64) -> String {
        let hundredths = (nanoseconds + 5_000) / 10_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// Both latency figures over the same clicks. See ``LatencyRecord``.
public struct LatencyReport: Sendable, Hashable, CustomStringConvertible {
    public var toWrite: LatencySummary
    public var toConverter: LatencySummary

    public init(_ records: [LatencyRecord]) {
        toWrite = LatencySummary(records.map(\.toWrite))
        toConverter = LatencySummary(records.map(\.toConverter))
    }

    public var description: String {
        "call to write:     \(toWrite.description)\ncall to converter: \(toConverter.description)"
    }
}
