import Foundation
import InputClick
#if canImport(Glibc)
import Glibc
#endif

/// `inputclick-bench --mixer`: what rendering one period costs the render
/// thread, with no device: idle, typing, and the worst case of a full voice
/// pool with a host stream. Prints the median and 99th percentile time per
/// 64-frame period and its share of the period's 1.33 ms.
func runMixerCost(periods: Int, frames: Int, json: Bool) -> Never {
    let rate = 48_000, channels = 2
    let budget = Double(frames) / Double(rate) * 1e9
    var results: [(name: String, p50: Double, p99: Double)] = []
    for scenario in ["idle", "typing", "full"] {
        let mixer = Mixer(configuration: MixerConfiguration(sampleRate: rate, channels: channels),
                          bank: SoundBank.bundled(sampleRate: rate, channels: channels))
        let stream = HostStream(channels: channels, capacityFrames: 8192)
        var music = [Float](repeating: 0, count: frames * channels)
        for i in 0..<music.count { music[i] = Float(sin(Double(i) * 0.01)) * 0.3 }
        if scenario == "full" { mixer.attach(stream) }
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: frames * channels)
        defer { buffer.deallocate() }
        var times = [UInt64](repeating: 0, count: periods)
        for p in 0..<periods {
            switch scenario {
            case "typing" where p % 75 == 0:                 // a tap every 100 ms
                _ = mixer.submitClick(.key, requestedAt: 0)
            case "full" where p % 10 == 0:                   // keep all 32 voices sounding
                for i in 0..<mixer.configuration.voiceCount { _ = mixer.submitClick(ClickKind(rawValue: UInt8(i % 5))!, requestedAt: 0) }
            default: break
            }
            if scenario == "full" { _ = music.withUnsafeBufferPointer { stream.write($0) } }
            let start = ClickClock.monotonic.now()
            mixer.render(into: buffer, frameCount: frames)
            times[p] = ClickClock.monotonic.now() - start
        }
        times.sort()
        results.append((scenario, Double(times[periods / 2]), Double(times[min(periods - 1, periods * 99 / 100)])))
    }
    if json {
        struct MixerReport: Encodable {
            var framesPerPeriod, periods: Int
            var idle, typing, full: CostReport
        }
        let costs = Dictionary(uniqueKeysWithValues: results.map { ($0.name, CostReport(p50Nanoseconds: Int($0.p50), p99Nanoseconds: Int($0.p99))) })
        print(jsonLine(MixerReport(framesPerPeriod: frames, periods: periods,
                                   idle: costs["idle"]!, typing: costs["typing"]!, full: costs["full"]!)))
    } else {
        print("inputclick-bench --mixer: \(periods) periods of \(frames) frames, 48 kHz stereo (budget \(String(format: "%.0f", budget / 1000)) µs each)")
        for r in results {
            let name = r.name + String(repeating: " ", count: max(0, 7 - r.name.count))
            print(name + String(format: " p50 %6.2f µs (%.2f%% of the period)   p99 %6.2f µs (%.2f%%)",
                                r.p50 / 1000, 100 * r.p50 / budget, r.p99 / 1000, 100 * r.p99 / budget))
        }
        print("idle: no click; typing: a key click every 100 ms; full: all 32 voices sounding plus a host stream, ducked")
    }
    exit(0)
}
