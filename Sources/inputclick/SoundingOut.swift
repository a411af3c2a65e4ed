import Foundation
import InputClick

/// Waits until the render thread has written every click `player` played
/// (`played` of them), and then the longest sound and the stream's buffer
/// past the last one, or has stopped the stream because all of it sounded
/// out, so that closing the stream cuts no click short. Gives up after 2 s
/// for each part, should the device stall.
func waitUntilClicksSoundOut(_ player: ClickPlayer, played: Int) {
    let written = MonotonicClock.now() + 2_000_000_000
    while player.latency.count < played && MonotonicClock.now() < written { usleep(1_000) }
    guard played > 0, let last = player.latency.records().map(\.streamFrame).max(),
          let format = player.statistics.format, let longest = player.longestSoundFrames else { return }
    let end = last + Int64(longest + format.bufferFrames)
    let soundedOut = MonotonicClock.now() + 2_000_000_000
    // Written past the end, or a stream that stopped once everything sounded out.
    while (player.framesWritten ?? end) < end && player.isStoppedWhileSilent != true && MonotonicClock.now() < soundedOut {
        usleep(1_000)
    }
}
