import InputClick

/// A reproducible human typing rhythm: mostly letters 120–260 ms apart, a
/// space between words, now and then a delete, a shift or a return, and
/// bursts of 4–8 fast keys 45–70 ms apart.
struct TypistScript {
    struct Tap {
        var kind: ClickKind
        /// Seconds after the previous tap.
        var pause: Double
    }

    private var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    private mutating func next() -> Double {
        // xorshift64*: deterministic across runs and machines.
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Double((state &* 2_685_821_657_736_338_717) >> 11) / Double(1 << 53)
    }

    /// Taps adding up to about `seconds`.
    mutating func taps(seconds: Double) -> [Tap] {
        var taps: [Tap] = []
        var elapsed = 0.0
        var sinceWord = 0
        while elapsed < seconds {
            let roll = next()
            if roll < 0.08 {
                for _ in 0..<(4 + Int(next() * 5)) {
                    taps.append(Tap(kind: .key, pause: 0.045 + next() * 0.025))
                }
            } else {
                let kind: ClickKind
                if sinceWord >= 3 + Int(next() * 5) {
                    kind = .space
                    sinceWord = 0
                } else if roll < 0.14 {
                    kind = .delete
                } else if roll < 0.18 {
                    kind = .modifier
                } else if roll < 0.20 {
                    kind = .return
                } else {
                    kind = .key
                    sinceWord += 1
                }
                taps.append(Tap(kind: kind, pause: 0.12 + next() * 0.14))
            }
            elapsed = taps.reduce(0) { $0 + $1.pause }
        }
        return taps
    }
}
