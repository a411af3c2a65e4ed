import Synchronization

// What other threads may read about a player: its statistics and its open stream.
extension ClickPlayer {
    /// Opens, faults, recovered underruns and suspends, dropped clicks, and
    /// the current stream's format.
    ///
    /// Takes a short lock.
    public var statistics: ClickPlayerStatistics {
        shared.withLock { state in
            counts.statistics(open: state.stream, renderer: state.renderer, abandonedDeviceCalls: opener.abandonedCalls)
        }
    }

    /// How many frames the render thread has written to the open stream so
    /// far, counted like ``LatencyRecord/streamFrame``; `nil` while no stream
    /// is open. A host that wants a click to sound out before it hides the
    /// keyboard can wait until this passes the click's frame plus
    /// ``longestSoundFrames`` and the stream's buffer.
    ///
    /// Takes a short lock.
    public var framesWritten: Int64? {
        shared.withLock { $0.renderer?.streamPosition }
    }

    /// Whether the open stream's render loop has stopped the device because
    /// everything written has sounded out (``OutputRenderer/isStoppedWhileSilent``);
    /// `nil` when no stream is open. A host that waits for its last click to
    /// sound out can stop waiting once this is `true` after the click was
    /// written (its ``LatencyRecord`` exists): a stopped stream writes no more.
    ///
    /// Takes a short lock.
    public var isStoppedWhileSilent: Bool? {
        shared.withLock { $0.renderer?.isStoppedWhileSilent }
    }

    /// The length, in frames, of the longest sound the open stream plays
    /// (the user's sound pack or the bundled sounds): how long after its
    /// ``LatencyRecord/streamFrame`` a click may still sound. `nil` while no
    /// stream is open.
    ///
    /// Takes a short lock.
    public var longestSoundFrames: Int? {
        shared.withLock { $0.renderer == nil ? nil : $0.longestSoundFrames }
    }
}
