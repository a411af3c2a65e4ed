/// What other threads may read about a ``ClickPlayer``'s open stream,
/// behind its lock; all empty while none is open.
struct PlayerSharedState: @unchecked Sendable {
    var stream: (any AudioOutputStream)?
    var renderer: OutputRenderer?
    /// The longest sound of the bank the open stream's mixer plays.
    var longestSoundFrames = 0
    /// The player's accepted count (``PlayerStatisticsAccumulator/acceptedClicks``)
    /// when the open stream started.
    var acceptedAtOpen = 0
    /// The stream's mixer's ``Mixer/staleClicksDropped`` when the stream opened.
    var staleAtOpen = 0
}
