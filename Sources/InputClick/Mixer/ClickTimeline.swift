/// Clicks at given times, rendered offline (`inputclick type --output`, tests) without a device.
public struct ClickTimeline: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        /// Nanoseconds from the start of the timeline.
        public var time: UInt64
        public var kind: ClickKind
        public var placement: ClickPlacement

        public init(time: UInt64, kind: ClickKind, placement: ClickPlacement = .center) {
            self.time = time
            self.kind = kind
            self.placement = placement
        }
    }

    /// In any order.
    public var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// round(`time` × rate), without overflow for any time.
    public func frame(of time: UInt64, sampleRate: Int) -> Int {
        let (whole, fraction) = time.quotientAndRemainder(dividingBy: 1_000_000_000)
        let rate = UInt64(max(sampleRate, 0))
        let (wholeFrames, overflow) = whole.multipliedReportingOverflow(by: rate)
        guard !overflow, wholeFrames < UInt64(Int.max / 2) else { return Int.max / 2 }
        return Int(wholeFrames + (fraction * rate + 500_000_000) / 1_000_000_000)
    }

    /// From the start to the last click, in nanoseconds.
    public var duration: UInt64 { entries.map(\.time).max() ?? 0 }

    /// Renders every click frame-exactly through `mixer` and returns the interleaved audio, ending
    /// `tailFrames` after the last click starts. The caller bounds ``duration``: the audio is held in memory.
    public func render(through mixer: Mixer, tailFrames: Int) -> [Float] {
        let channels = mixer.configuration.channels
        let sorted = entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        let starts = sorted.map { self.frame(of: $0.time, sampleRate: mixer.configuration.sampleRate) }
        let total = (starts.last ?? 0) + max(0, tailFrames)
        var audio = [Float](repeating: 0, count: total * channels)
        var frame = 0
        audio.withUnsafeMutableBufferPointer { buffer in
            var next = 0
            while frame < total {
                // Queue every click due now, then render up to the next one.
                while next < sorted.count && starts[next] <= frame {
                    _ = mixer.submitClick(sorted[next].kind, requestedAt: sorted[next].time, placement: sorted[next].placement)
                    next += 1
                }
                let until = next < sorted.count ? min(starts[next], total) : total
                mixer.render(into: buffer.baseAddress! + frame * channels, frameCount: until - frame)
                frame = until
            }
        }
        return audio
    }
}
