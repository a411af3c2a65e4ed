/// What other threads may read about a ``ClickPlayer``'s open stream, behind its lock; empty while none is open.
struct PlayerSharedState: @unchecked Sendable {
    var stream: (any AudioOutputStream)?
    var renderer: OutputRenderer?
    var longestSoundFrames = 0
    /// ``PlayerStatisticsAccumulator/acceptedClicks`` and the mixer's ``Mixer/staleClicksDropped`` at open.
    var acceptedAtOpen = 0
    var staleAtOpen = 0
}
