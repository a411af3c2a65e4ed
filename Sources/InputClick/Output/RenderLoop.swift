import Synchronization

/// The render thread's loop, written once for every backend: it renders the
/// mixer a period at a time, converts to the device's sample format, writes,
/// and schedules clicks by the stream's ``ClickScheduling``:
///
/// - **Stopped while silent** (``ClickScheduling/rewind`` and
///   ``ClickScheduling/onDemand``). Once the mixer is idle and the device has
///   played the last audible frame, the loop stops the device and sleeps on
///   the mixer's ``RenderWakeup`` with no time limit: no periodic wake-ups.
///   A tap wakes it; it renders the click's first periods, writes them and
///   starts the device at once, so the click's first frame is the first the
///   device plays.
/// - **Inserting by rewind** (``ClickScheduling/rewind``). While audio is
///   queued, the buffer is kept deep (``fillFrames``) and topped up when
///   half of it has played, not at every period. A tap wakes the loop; it
///   takes back the queued frames that lie more than the safeguard ahead of
///   the device's read position, rewinds the mixer to the checkpoint there
///   (``Mixer/rewind(toFrame:)``), and renders again from it with the new
///   click at its start. Earlier clicks' tails, ducking, the limiter and
///   host streams continue exactly as if the click had always been there.
/// - **Appending** (``ClickScheduling/onDemand`` while queued, and
///   ``ClickScheduling/append`` always): a click starts in the next period
///   rendered, after what is queued.
/// - **Never spinning.** A device that takes audio faster than real time
///   (ALSA's `null`) is paced by the monotonic clock: the loop never runs
///   more than a buffer and 1 % ahead of real time since the device started.
/// - **Stalls.** A running device that consumes nothing for
///   ``stallTimeoutNanoseconds`` ends the loop with ``RenderLoopEnd/stalled``.
///   Recovering from an underrun is no progress: a device that only ever
///   underruns (PipeWire's ALSA plugin after its server died answers every
///   call with EPIPE, and every recovery "succeeds") is caught the same way,
///   and the loop waits a period before each restart that follows a
///   recovery, so it never spins.
/// - **Underruns.** A recovered underrun drops whatever the device still
///   held (at an underrun, little or nothing) and stops it; the loop fills
///   it and starts it again. One found by a write comes after the period
///   was rendered, its clicks already started in the mixer: the period still
///   goes whole into the recovered device, so those clicks play whole and
///   late rather than losing their start. An underrun that leaves nothing to
///   play (``ClickScheduling/rewind``, ``ClickScheduling/onDemand``) leaves
///   the device stopped while silent, as if the loop had stopped it: the
///   next tap starts it afresh, and meanwhile it is not a running device
///   that makes no progress (suspect, or stalled once a quiet pause outlasts
///   ``stallTimeoutNanoseconds``).
///
/// # Real-time context
/// ``run()`` allocates nothing (every buffer is made before the thread
/// starts), takes no lock of its own, does no I/O but the device's and the
/// wake-up's, and logs nothing. It blocks only in the device's `poll`.
///
/// Thread context: created on a control thread; ``run()`` on the render
/// thread alone.
public struct RenderLoop<Device: RenderDevice> {
    /// The device written to.
    public let device: Device
    /// What is rendered.
    public let renderer: OutputRenderer
    /// The scheduling in force.
    public let scheduling: ClickScheduling
    /// Whether the device runs from the first write until the loop stops,
    /// never stopped while silent: always in ``ClickScheduling/append``, and
    /// on request in ``ClickScheduling/rewind``, for a sound server whose
    /// whole graph would be re-timed each time the stream starts and stops.
    public let keepsRunning: Bool
    /// The device's negotiated format.
    public let format: OutputFormat
    /// The queue depth kept while audio sounds: whole periods, at most the buffer.
    public let fillFrames: Int
    /// In rewind mode, the room at which the queue is topped up (the device's wake-up room).
    public let refillRoomFrames: Int
    /// In rewind mode, how far ahead of the read position a click may go at the soonest.
    public let safeguardFrames: Int
    /// How long a running device may consume nothing before the loop gives up.
    public let stallTimeoutNanoseconds: UInt64
    /// Where starts, rewinds and clicks queued behind audio are counted.
    public let counters: OutputCounters

    private let stopRequested: StopFlag
    private let floatBuffer: UnsafeMutablePointer<Float>
    private let deviceBuffer: UnsafeMutableRawPointer

    /// How long one wait lasts at most while the device runs, so that a
    /// stop request and a stall are noticed.
    private static var waitSliceMilliseconds: Int32 { 20 }

    /// Creates a loop.
    ///
    /// - Parameters:
    ///   - fillFrames: the queue depth to keep while audio sounds; rounded
    ///     down to whole periods, at least one period, at most the buffer.
    ///   - keepsRunning: never stop the device while silent (implied by
    ///     ``ClickScheduling/append``).
    ///   - refillRoomFrames: in rewind mode, the room at which the loop tops
    ///     the queue up: the room at which the device wakes it, so that no
    ///     wake-up finds nothing to write (which would spin). Default: half
    ///     the fill depth.
    ///   - floatBuffer: room for one period of interleaved floats.
    ///   - deviceBuffer: room for one period in the device's sample format;
    ///     may be `floatBuffer` itself for float devices.
    public init(device: Device, renderer: OutputRenderer, scheduling: ClickScheduling, format: OutputFormat,
                fillFrames: Int, safeguardFrames: Int, stallTimeoutNanoseconds: UInt64, counters: OutputCounters,
                stopRequested: StopFlag, keepsRunning: Bool = false, refillRoomFrames: Int? = nil,
                floatBuffer: UnsafeMutablePointer<Float>, deviceBuffer: UnsafeMutableRawPointer) {
        let period = max(1, format.periodFrames)
        self.device = device
        self.renderer = renderer
        self.scheduling = scheduling
        self.keepsRunning = keepsRunning || scheduling == .append
        self.format = format
        self.fillFrames = max(period, min(format.bufferFrames, fillFrames) / period * period)
        self.refillRoomFrames = min(self.fillFrames, max(period, refillRoomFrames ?? self.fillFrames / 2))
        self.safeguardFrames = max(0, safeguardFrames)
        self.stallTimeoutNanoseconds = stallTimeoutNanoseconds
        self.counters = counters
        self.stopRequested = stopRequested
        self.floatBuffer = floatBuffer
        self.deviceBuffer = deviceBuffer
    }

    /// What the loop keeps between iterations.
    private struct Progress {
        var running = false
        /// When the device last started, and the frames written since: the clock pacing.
        var startedAt: UInt64 = 0
        var writtenSinceStart = 0
        /// The mixer frame after the last period that carried sound.
        var lastAudibleFrame: Int64 = 0
        /// The room the device had right after the last write; more room later means it consumed.
        var roomAfterWrite = 0
        var lastProgressAt: UInt64 = 0
        /// When pacing holds writes back, how long to wait.
        var pacingWaitMilliseconds: Int32 = -1
        /// A click waits that could not be inserted yet (no room, nothing
        /// to rewind): wait for room instead of trying again at once.
        var insertBlocked = false
        /// The device recovered from an underrun and has not consumed since.
        var recovering = false
        /// Audio was written into the device after a recovery (the rest of
        /// the period the underrun interrupted): it must be started even if
        /// the mixer has gone idle since.
        var holdsUnstartedAudio = false
    }

    /// Runs until ``StopFlag/request()`` or a failure.
    ///
    /// # Real-time context
    /// Allocates nothing, takes no lock of its own, never logs.
    public func run() -> RenderLoopEnd<Device.Failure> {
        let mixer = renderer.mixer
        var progress = Progress()
        do throws(Device.Failure) {
            while !stopRequested.isRequested {
                if !progress.running {
                    if !keepsRunning && mixer.isIdle && !progress.holdsUnstartedAudio {
                        // An underrun left the device stopped and empty with
                        // nothing more to play: it is now stopped while silent,
                        // and the next tap starts it afresh.
                        if progress.recovering { settleStopped(&progress) }
                        try sleepUntilWoken()
                        continue
                    }
                    if progress.recovering {
                        if device.now &- progress.lastProgressAt >= stallTimeoutNanoseconds { return .stalled }
                        // Give a device that just underran a period before starting it again.
                        _ = try device.wait(forRoom: false, wakeup: -1, timeoutMilliseconds: periodMilliseconds)
                    }
                    try startDevice(&progress)
                    continue
                }
                guard let room = try device.availableFrames() else {
                    recovered(&progress)
                    continue
                }
                let now = device.now
                if room > progress.roomAfterWrite {
                    progress.lastProgressAt = now
                    renderer.heartbeat.consumed(at: device.now)
                    progress.recovering = false
                }
                if now &- progress.lastProgressAt >= stallTimeoutNanoseconds { return .stalled }
                var free = room
                progress.insertBlocked = false
                if scheduling == .rewind && mixer.hasQueuedClicks {
                    guard let after = try insertQueuedClicks(room: free, &progress) else { continue }
                    free = after
                }
                guard try topUp(room: free, &progress) else { continue }
                if !keepsRunning && mixer.isIdle && playedPastLastAudible(progress) {
                    try device.stop()
                    mixer.forgetHistory()
                    settleStopped(&progress)
                    continue
                }
                try waitForWork(&progress)
            }
        } catch {
            return .failed(error)
        }
        return .stopRequested
    }

    // MARK: Stopped

    /// Sleeps on the wake-up alone, with no time limit, unless work came in
    /// meanwhile. Without a wake-up (the system refused an eventfd) it polls
    /// every wait slice instead.
    private func sleepUntilWoken() throws(Device.Failure) {
        let mixer = renderer.mixer
        guard let wakeup = mixer.wakeup else {
            _ = try device.wait(forRoom: false, wakeup: -1, timeoutMilliseconds: Self.waitSliceMilliseconds)
            return
        }
        wakeup.prepareToSleep()
        if stopRequested.isRequested || !mixer.isIdle {
            wakeup.finishSleeping()
            return
        }
        _ = try device.wait(forRoom: false, wakeup: wakeup.fileDescriptor, timeoutMilliseconds: -1)
        wakeup.finishSleeping()
    }

    /// Fills the device with the click that woke the loop (and what follows
    /// it, up to the fill depth), then starts it.
    private func startDevice(_ progress: inout Progress) throws(Device.Failure) {
        renderer.setStoppedWhileSilent(false)
        renderer.heartbeat.starting(at: device.now)
        guard let room = try device.availableFrames() else {
            recovered(&progress)
            return
        }
        progress.writtenSinceStart = 0
        progress.startedAt = device.now
        progress.pacingWaitMilliseconds = -1
        var free = room
        var queued = max(0, format.bufferFrames - room)
        var first = true
        while free >= format.periodFrames && queued + format.periodFrames <= fillFrames {
            // The first period starts the clicks that woke the loop; in rewind
            // mode the rest wait to be inserted by rewind.
            guard try writePeriod(startingClicks: first || scheduling != .rewind, &progress) else {
                recovered(&progress)
                return
            }
            first = false
            free -= format.periodFrames
            queued += format.periodFrames
        }
        try device.start()
        counters.recordStart()
        progress.running = true
        progress.holdsUnstartedAudio = false
        progress.startedAt = device.now
        // A start from sleep is a fresh start; a restart after a recovery is
        // not progress until the device consumes.
        if !progress.recovering {
            progress.lastProgressAt = progress.startedAt
            renderer.heartbeat.beat(at: device.now)
        }
        progress.roomAfterWrite = free
    }

    /// The device is stopped and nothing sounds: nothing is expected of it
    /// until a tap starts it afresh.
    private func settleStopped(_ progress: inout Progress) {
        progress.running = false
        progress.recovering = false
        renderer.setStoppedWhileSilent(true)
        renderer.heartbeat.stopped()
    }

    /// The device recovered from an underrun or suspend: it is stopped and
    /// empty, so nothing queued can be rewound to, and it must be started again.
    private func recovered(_ progress: inout Progress) {
        renderer.mixer.forgetHistory()
        if !progress.recovering && !progress.running { progress.lastProgressAt = device.now }
        progress.running = false
        progress.recovering = true
    }

    /// One period, in whole milliseconds (at least 1).
    private var periodMilliseconds: Int32 {
        Int32(max(1, format.milliseconds(format.periodFrames).rounded(.up)))
    }

    // MARK: Running

    /// Rewinds the queued audio to just ahead of the device's read position
    /// and starts the waiting clicks there. Returns the room after the
    /// click's first period was written, or `nil` after a recovery.
    private func insertQueuedClicks(room: Int, _ progress: inout Progress) throws(Device.Failure) -> Int? {
        let mixer = renderer.mixer
        let period = format.periodFrames
        var free = room
        let applied = mixer.renderedFrames
        let reachable = device.rewindableFrames() - safeguardFrames
        if reachable >= period, let target = mixer.earliestRewindFrame(atOrAfter: applied - Int64(reachable)),
           target < applied {
            let wanted = Int(applied - target)
            let taken = device.rewind(wanted)
            if taken == wanted, mixer.rewind(toFrame: target) {
                renderer.rewound(by: taken)
                counters.recordRewind()
                // Frames taken back are written again: the pacing must not count them twice.
                progress.writtenSinceStart -= taken
                free += taken
            } else if taken > 0 {
                // A partial rewind lands between checkpoints: go forward again
                // over what was taken, keeping the audio already there.
                _ = device.forward(taken)
            }
        }
        progress.insertBlocked = free < period
        guard free >= period else { return free }
        guard try writePeriod(startingClicks: true, &progress) else {
            recovered(&progress)
            return nil
        }
        free -= period
        progress.roomAfterWrite = free
        return free
    }

    /// Writes periods until the queue holds ``fillFrames``, as far as the
    /// clock pacing allows. Returns `false` after a recovery.
    private func topUp(room: Int, _ progress: inout Progress) throws(Device.Failure) -> Bool {
        let period = format.periodFrames
        var free = room
        var queued = max(0, format.bufferFrames - room)
        progress.pacingWaitMilliseconds = -1
        // In rewind mode the buffer is topped up once the device's wake-up room has played (half of it, or a server's cycle), not every period.
        let refill = scheduling == .rewind ? fillFrames - refillRoomFrames : fillFrames - period
        guard queued <= refill || renderer.mixer.hasQueuedClicks && scheduling != .rewind else {
            progress.roomAfterWrite = free
            return true
        }
        while free >= period && queued + period <= fillFrames {
            if let wait = pacingDelayMilliseconds(progress) {
                progress.pacingWaitMilliseconds = wait
                break
            }
            guard try writePeriod(startingClicks: scheduling != .rewind, &progress) else {
                recovered(&progress)
                return false
            }
            free -= period
            queued += period
        }
        progress.roomAfterWrite = free
        return true
    }

    /// Renders one period, converts and writes it whole, and records the
    /// latency of the clicks it carries. Returns `false` after a recovery:
    /// the device dropped what it held and is stopped.
    ///
    /// An underrun found by the write itself comes after the period was
    /// rendered, so its clicks have started in the mixer: the rest of the
    /// period is written into the recovered (empty, stopped) device, to play
    /// when the loop starts it again, late but whole. Only a device that
    /// refuses that too (one that only underruns) loses the period; its
    /// clicks are then counted (``OutputRenderer/clicksLost``).
    private func writePeriod(startingClicks: Bool, _ progress: inout Progress) throws(Device.Failure) -> Bool {
        let mixer = renderer.mixer
        let period = format.periodFrames
        let wasIdle = mixer.isIdle
        let clicksWaited = startingClicks && mixer.hasQueuedClicks
        renderer.render(into: floatBuffer, frameCount: period, startingClicks: startingClicks)
        if !wasIdle || !mixer.isIdle { progress.lastAudibleFrame = mixer.renderedFrames }
        if format.sampleFormat != .float32 {
            format.sampleFormat.convert(floatBuffer, count: period * format.channels, into: deviceBuffer)
        }
        let frameBytes = format.channels * format.sampleFormat.bytesPerSample
        var written = 0
        var blockedSince: UInt64 = 0
        var recovered = false
        while written < period {
            var outcome = try device.write(deviceBuffer + written * frameBytes, frames: period - written)
            if outcome == 0 {
                // No room after all (a device that shrank its room): wait a slice.
                let now = device.now
                if blockedSince == 0 { blockedSince = now }
                if now &- blockedSince >= stallTimeoutNanoseconds || stopRequested.isRequested {
                    renderer.discardRendered()
                    return false
                }
                if try device.wait(forRoom: true, wakeup: -1, timeoutMilliseconds: Self.waitSliceMilliseconds) == nil {
                    outcome = nil
                }
            }
            guard let frames = outcome else {
                // Recovered: what the device held is gone, and it is stopped.
                // Write the rest into it once; a device that underruns again
                // before it even started is failing, and the period is lost.
                guard !recovered else {
                    renderer.discardRendered()
                    return false
                }
                recovered = true
                progress.running = false
                progress.holdsUnstartedAudio = true
                blockedSince = 0
                continue
            }
            if frames > 0 {
                written += frames
                blockedSince = 0
            }
        }
        progress.writtenSinceStart += period
        let queued = device.queuedFrames()
        if clicksWaited, progress.running, let queued, queued - period > safeguardFrames + period {
            counters.recordQueuedBehind()
        }
        renderer.didWrite(at: device.now, framesQueuedAfterWrite: queued)
        return !recovered
    }

    /// Whether the device has played every frame up to the last audible one.
    private func playedPastLastAudible(_ progress: Progress) -> Bool {
        guard let queued = device.queuedFrames() else { return false }
        return renderer.mixer.renderedFrames - Int64(queued) >= progress.lastAudibleFrame
    }

    /// How long to hold writes back, if the loop has written more than a
    /// buffer and 1 % ahead of real time since the device started; `nil`
    /// if it may write now.
    private func pacingDelayMilliseconds(_ progress: Progress) -> Int32? {
        let elapsed = device.now &- progress.startedAt
        let rate = Double(format.sampleRate)
        let allowed = Double(elapsed) * rate * 1.01 / 1e9 + Double(format.bufferFrames)
        let ahead = Double(progress.writtenSinceStart + format.periodFrames) - allowed
        guard ahead > 0 else { return nil }
        return Int32(min(Double(Self.waitSliceMilliseconds), max(1, (ahead / rate * 1000).rounded(.up))))
    }

    /// Sleeps until the device has room for its threshold, a tap or control
    /// message comes (in rewind mode), the pacing allows more, or a wait slice passes.
    private func waitForWork(_ progress: inout Progress) throws(Device.Failure) {
        let mixer = renderer.mixer
        let timeout = progress.pacingWaitMilliseconds >= 0 ? progress.pacingWaitMilliseconds : Self.waitSliceMilliseconds
        let paced = progress.pacingWaitMilliseconds >= 0
        guard let wakeup = mixer.wakeup else {
            if try device.wait(forRoom: !paced, wakeup: -1, timeoutMilliseconds: timeout) == nil { recovered(&progress) }
            return
        }
        wakeup.prepareToSleep()
        if stopRequested.isRequested || (scheduling == .rewind && mixer.hasQueuedClicks && !progress.insertBlocked) {
            wakeup.finishSleeping()
            return
        }
        // A blocked click waits one period's time, not for the refill threshold.
        let limit = progress.insertBlocked ? min(timeout, periodMilliseconds) : timeout
        let outcome = try device.wait(forRoom: !paced && !progress.insertBlocked, wakeup: wakeup.fileDescriptor,
                                      timeoutMilliseconds: limit)
        wakeup.finishSleeping()
        if outcome == nil { recovered(&progress) }
    }
}

/// How a ``RenderLoop`` ended.
public enum RenderLoopEnd<Failure: Error> {
    /// ``StopFlag/request()`` was called.
    case stopRequested
    /// The running device consumed nothing for the stall timeout.
    case stalled
    /// The device failed in a way that recovery could not mend.
    case failed(Failure)
}

/// A one-way flag that asks a render loop to stop, and wakes it.
///
/// Lock-free.
public final class StopFlag: Sendable {
    private let requested = Atomic<Bool>(false)
    private let wakeup: RenderWakeup?

    /// A flag that also signals `wakeup` when set, so a sleeping loop sees it.
    public init(wakeup: RenderWakeup?) {
        self.wakeup = wakeup
    }

    /// Whether a stop was asked for.
    @inline(__always)
    public var isRequested: Bool { requested.load(ordering: .acquiring) }

    /// Asks the loop to stop, and wakes it.
    public func request() {
        requested.store(true, ordering: .releasing)
        wakeup?.force()
    }
}
