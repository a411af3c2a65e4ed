import Foundation
import InputClick

/// Waits until the render thread has written every click `player` played
/// (`played` of them) and then `tailFrames` more past the last one plus the
/// stream's buffer, so that closing the stream cuts no click short. Gives up
/// after 2 s for each part, should the device stall.
///
/// - Parameter tailFrames: the longest sound that may be playing, in frames
///   at the stream's format.
func waitUntilClicksSoundOut(_ player: ClickPlayer, played: Int, tailFrames: (OutputFormat) -> Int) {
    let written = MonotonicClock.now() + 2_000_000_000
    while player.latency.count < played && MonotonicClock.now() < written { usleep(1_000) }
    guard played > 0, let last = player.latency.records().map(\.streamFrame).max(),
          let format = player.statistics.format else { return }
    let end = last + Int64(tailFrames(format) + format.bufferFrames)
    let soundedOut = MonotonicClock.now() + 2_000_000_000
    while (player.framesWritten ?? end) < end && MonotonicClock.now() < soundedOut { usleep(1_000) }
}

/// The longest bundled sound at `format`'s rate, in frames.
func longestBundledSound(_ format: OutputFormat) -> Int {
    let sounds = SoundBank.bundled(sampleRate: format.sampleRate, channels: 1)
    return ClickKind.allCases.map { sounds.samples($0).count }.max() ?? 0
}
