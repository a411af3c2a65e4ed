import Synchronization

// What other threads may read about a player: its statistics and its open stream.
extension ClickPlayer {
    /// Takes a short lock, as do the properties below.
    public var statistics: ClickPlayerStatistics {
        shared.withLock { state in
            counts.statistics(open: state.stream, renderer: state.renderer, abandonedDeviceCalls: opener.abandonedCalls)
        }
    }

    /// Frames the render side has written to the open stream, like ``LatencyRecord/streamFrame``; `nil` while
    /// none is open. A click has sounded out once this passes its frame plus ``longestSoundFrames`` and the buffer.
    public var framesWritten: Int64? {
        shared.withLock { $0.renderer?.streamPosition }
    }

    /// ``OutputRenderer/isStoppedWhileSilent`` of the open stream (`nil`: none): `true` after a click was written
    /// means it sounded out.
    public var isStoppedWhileSilent: Bool? {
        shared.withLock { $0.renderer?.isStoppedWhileSilent }
    }

    /// The longest sound the open stream plays, in frames: how long after its ``LatencyRecord/streamFrame`` a
    /// click may still sound. `nil` while no stream is open.
    public var longestSoundFrames: Int? {
        shared.withLock { $0.renderer == nil ? nil : $0.longestSoundFrames }
    }
}
