import InputClick

/// A playback device in simulated time, for running the real ``RenderLoop`` on a test's thread.
///
/// Each ``wait(forRoom:wakeup:timeoutMilliseconds:)`` is one *tick*: a period passes, the running device
/// consumes a period (underrunning if short), and ``onTick`` runs, where the test taps or stops the loop.
/// It rewinds truly, taking back any frame not yet played. Float32 only.
///
/// Thread context: one thread, the loop's (``onTick`` runs on it).
public final class SimulatedRenderDevice: RenderDevice, @unchecked Sendable {
    public typealias Failure = Never

    /// Its period is the tick.
    public let format: OutputFormat
    /// Runs after each tick's period played; return `true` when the test signalled the loop, so the wait
    /// reports a wake-up.
    public var onTick: (Int) -> Bool = { _ in false }

    /// The final content of each stream frame, after rewinds.
    public private(set) var written: [Float] = []
    /// Each stream frame as played (NaN where never played), so a test can prove none changed after playing.
    public private(set) var playedSnapshot: [Float] = []
    public private(set) var ticks = 0
    public private(set) var starts = 0
    public private(set) var stops = 0
    /// Successful rewinds.
    public private(set) var rewinds = 0
    public private(set) var rewoundFrames = 0
    /// A tick found less than a period queued while running.
    public private(set) var underruns = 0
    public private(set) var startTicks: [Int] = []
    /// Of any kind: a loop that spins makes many per tick.
    public private(set) var calls = 0
    /// From this tick on, dead the way PipeWire's ALSA plugin is once its server died: every call underruns
    /// and every recovery "succeeds".
    public var diesAtTick: Int?
    /// Underruns the next writes run into, one each: the write takes nothing, and the device drops what it
    /// held and stops, as a sound server's client does when the server ran dry.
    public var underrunsAtNextWrites = 0
    /// Ticks at which a running device drops what it held and stops, reporting the underrun from the wait.
    public var underrunAtTicks: Set<Int> = []
    /// ``RenderDevice/transferCycleFrames``: set it to the period to model a server's plugin, which takes a
    /// whole period at each tick (and signals right after).
    public var transferCycleFrames: Int?
    /// Ticks in which the device takes its next period right after the first write, as if the server's cycle
    /// came while the loop was writing.
    public var playsDuringWriteAtTicks: Set<Int> = []

    private var isDead: Bool { diesAtTick.map { ticks >= $0 } ?? false }

    private var applied = 0
    private var hardware = 0
    private var furthest = 0
    private var running = false
    private var pendingUnderrun = false

    /// Float32, stopped and empty.
    public init(format: OutputFormat) {
        precondition(format.sampleFormat == .float32, "the simulated device takes float32 only")
        self.format = format
    }

    /// Ticks times the period, in nanoseconds.
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
        if running && playsDuringWriteAtTicks.remove(ticks) != nil { playPeriod() }
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

    /// The running device plays a period, underrunning if it holds less.
    private func playPeriod() {
        let period = format.periodFrames
        let consumed = min(period, applied - hardware)
        let channels = format.channels
        for i in (hardware * channels)..<((hardware + consumed) * channels) { playedSnapshot[i] = written[i] }
        hardware += consumed
        if consumed < period { pendingUnderrun = true }
    }

    public func wait(forRoom: Bool, wakeup: Int32, timeoutMilliseconds: Int32) -> RenderDeviceWait? {
        ticks += 1
        if running {
            playPeriod()
            if underrunAtTicks.contains(ticks) { pendingUnderrun = true }
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
