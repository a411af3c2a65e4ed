import InputClick

/// A playback device in simulated time, for running the real ``RenderLoop``
/// on a test's own thread with no sound card and no clock.
///
/// Each call to ``wait(forRoom:wakeup:timeoutMilliseconds:)`` is one *tick*:
/// one device period of simulated time passes, the device consumes a period
/// of what is queued if it runs (an underrun if too little is queued), and
/// ``onTick`` runs, where a test taps (submits clicks to the mixer), attaches
/// streams, or asks the loop to stop. The device keeps:
///
/// - ``written``: the final content of every stream frame, after rewinds;
/// - ``playedSnapshot``: each stream frame as it was when the device played
///   it (NaN for frames never played, such as those dropped by a stop), so a
///   test can prove that no frame was rewritten after it played;
/// - counts of starts, stops, rewinds and underruns (a test can cause
///   underruns at chosen ticks, ``underrunAtTicks``, or at the next writes,
///   ``underrunsAtNextWrites``).
///
/// It rewinds truly, like a sound card: it can take back every frame it has
/// not played yet. Sample format: float32 only.
///
/// Thread context: one thread: the one running the loop (``onTick`` runs on it).
public final class SimulatedRenderDevice: RenderDevice, @unchecked Sendable {
    public typealias Failure = Never

    /// The device's format (its period is the tick).
    public let format: OutputFormat
    /// Called once per tick with the tick's number, after the device played
    /// that tick's period. Return `true` when the test signalled the loop
    /// (submitted a click), so the wait reports a wake-up.
    public var onTick: (Int) -> Bool = { _ in false }

    /// The final content of each stream frame, interleaved.
    public private(set) var written: [Float] = []
    /// Each stream frame as played; NaN where never played.
    public private(set) var playedSnapshot: [Float] = []
    /// Simulated ticks so far.
    public private(set) var ticks = 0
    /// Times the loop started the device.
    public private(set) var starts = 0
    /// Times the loop stopped it.
    public private(set) var stops = 0
    /// Successful rewinds, and the frames they took back.
    public private(set) var rewinds = 0
    public private(set) var rewoundFrames = 0
    /// Underruns: a tick found less than a period queued while running.
    public private(set) var underruns = 0
    /// The ticks at which the device was started.
    public private(set) var startTicks: [Int] = []
    /// Calls the loop made (of any kind): a loop that spins makes many per tick.
    public private(set) var calls = 0
    /// From this tick on the device is dead the way PipeWire's ALSA plugin
    /// is once its server died: every call reports an underrun, and every
    /// recovery "succeeds". `nil`: never.
    public var diesAtTick: Int?
    /// Underruns that the next writes run into, one write each: the write
    /// takes nothing, and the device drops what it held unplayed and stops,
    /// as a sound server's client does when the server ran its queue dry
    /// while the writer was rendering the period. 0: none.
    public var underrunsAtNextWrites = 0
    /// Ticks at which a running device underruns whatever is queued: it
    /// drops what it held unplayed and stops, and that tick's wait reports
    /// the underrun, as a sound server's client finds one while it waits.
    public var underrunAtTicks: Set<Int> = []

    private var isDead: Bool { diesAtTick.map { ticks >= $0 } ?? false }

    private var applied = 0
    private var hardware = 0
    private var furthest = 0
    private var running = false
    private var pendingUnderrun = false

    /// A device of `format` (float32), stopped and empty.
    public init(format: OutputFormat) {
        precondition(format.sampleFormat == .float32, "the simulated device takes float32 only")
        self.format = format
    }

    /// Simulated time: the ticks so far times the period, in nanoseconds.
    public var now: UInt64 {
        UInt64(ticks) * UInt64(format.periodFrames) * 1_000_000_000 / UInt64(format.sampleRate)
    }

    public var isRunning: Bool { running }

    private func takeUnderrun() -> Bool {
        calls += 1
        if isDead {
            underruns += 1
            running = false
            hardware = applied
            return true
        }
        guard pendingUnderrun else { return false }
        pendingUnderrun = false
        running = false
        hardware = applied
        return true
    }

    public func availableFrames() -> Int? {
        if takeUnderrun() { return nil }
        return format.bufferFrames - (applied - hardware)
    }

    public func write(_ buffer: UnsafeRawPointer, frames: Int) -> Int? {
        if takeUnderrun() { return nil }
        if underrunsAtNextWrites > 0 {
            underrunsAtNextWrites -= 1
            underruns += 1
            running = false
            hardware = applied
            return nil
        }
        let count = min(frames, format.bufferFrames - (applied - hardware))
        let channels = format.channels
        let samples = buffer.assumingMemoryBound(to: Float.self)
        let needed = (applied + count) * channels
        if written.count < needed {
            written.append(contentsOf: repeatElement(0, count: needed - written.count))
            playedSnapshot.append(contentsOf: repeatElement(.nan, count: needed - playedSnapshot.count))
        }
        for i in 0..<(count * channels) { written[applied * channels + i] = samples[i] }
        applied += count
        furthest = max(furthest, applied)
        return count
    }

    public func queuedFrames() -> Int? { applied - hardware }

    public func start() {
        starts += 1
        startTicks.append(ticks)
        running = true
    }

    public func stop() {
        stops += 1
        running = false
        hardware = applied
    }

    public func rewindableFrames() -> Int { applied - hardware }

    public func rewind(_ frames: Int) -> Int {
        let taken = max(0, min(frames, applied - hardware))
        applied -= taken
        if taken > 0 {
            rewinds += 1
            rewoundFrames += taken
        }
        return taken
    }

    public func forward(_ frames: Int) -> Int {
        let moved = max(0, min(frames, furthest - applied))
        applied += moved
        return moved
    }

    public func wait(forRoom: Bool, wakeup: Int32, timeoutMilliseconds: Int32) -> RenderDeviceWait? {
        ticks += 1
        if running {
            let period = format.periodFrames
            let consumed = min(period, applied - hardware)
            let channels = format.channels
            for i in (hardware * channels)..<((hardware + consumed) * channels) { playedSnapshot[i] = written[i] }
            hardware += consumed
            if consumed < period || underrunAtTicks.contains(ticks) { pendingUnderrun = true }
        }
        if pendingUnderrun {
            underruns += 1
            _ = takeUnderrun()
            return nil
        }
        if onTick(ticks) { return .woken }
        return running ? .room : .timedOut
    }
}
