import InputClick

/// A reproducible typing rhythm for the benchmark: keys 90–220 ms apart, a
/// space every few keys, the odd delete, shift or return, and bursts of 4–8
/// keys 40–70 ms apart (about one tap in ten starts a burst).
struct BenchRhythm {
    /// One tap: its kind and the wait before it, in nanoseconds.
    struct Tap {
        var kind: ClickKind
        var pauseNanoseconds: UInt64
    }

    private var state: UInt64

    /// A rhythm; the same seed gives the same taps.
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    private mutating func unit() -> Double {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Double((state &* 2_685_821_657_736_338_717) >> 11) / Double(UInt64(1) << 53)
    }

    mutating func taps(_ count: Int) -> [Tap] {
        var taps: [Tap] = []
        var sinceSpace = 0
        while taps.count < count {
            let roll = unit()
            if roll < 0.1 {
                for _ in 0..<(4 + Int(unit() * 5)) where taps.count < count {
                    taps.append(Tap(kind: .key, pauseNanoseconds: UInt64((40 + unit() * 30) * 1e6)))
                }
                continue
            }
            let kind: ClickKind
            if sinceSpace >= 3 + Int(unit() * 5) {
                kind = .space
                sinceSpace = 0
            } else if roll < 0.16 {
                kind = .delete
            } else if roll < 0.2 {
                kind = .modifier
            } else if roll < 0.22 {
                kind = .return
            } else {
                kind = .key
                sinceSpace += 1
            }
            taps.append(Tap(kind: kind, pauseNanoseconds: UInt64((90 + unit() * 130) * 1e6)))
        }
        return taps
    }
}
