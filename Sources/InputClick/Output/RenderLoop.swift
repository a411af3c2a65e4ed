import Synchronization

/// The render thread's loop for every push backend: it renders the mixer a period at a time, converts,
/// writes, and schedules clicks by the stream's ``ClickScheduling``:
/// - **Stopped while silent** (rewind, on demand): once the mixer is idle and the last audible frame has
///   played, the device stops and the loop sleeps on the mixer's ``RenderWakeup`` with no time limit. A tap's
///   first periods are written before the device starts, so the click's first frame is the first it plays.
/// - **Rewind**: while audio is queued the queue is kept at ``fillFrames`` and topped up at
///   ``refillRoomFrames``. A tap takes back the frames beyond ``safeguardFrames`` and renders again from the
///   mixer's checkpoint there (``Mixer/rewind(toFrame:)``): tails, ducking and the limiter go on as if the
///   click had always been there. On a device that takes whole cycles (``RenderDevice/transferCycleFrames``),
///   a tap that comes while the next cycle is at least ``readPositionBudgetNanoseconds`` away goes at the read
///   position itself, a cycle sooner (``TransferCycle``).
/// - **Append** (on demand while queued; ``ClickScheduling/append`` always): the click starts in the next period.
/// - **Paced**: a device faster than real time (ALSA's `null`) is held to a buffer and 1 % ahead of the clock.
/// - **Stalls**: a running device that consumes nothing for ``stallTimeoutNanoseconds`` ends the loop
///   (``RenderLoopEnd/stalled``). Underrun recoveries are not progress, so a device that only underruns is
///   caught too, and each restart after a recovery waits a period, so the loop never spins.
/// - **Underruns**: the device is refilled and restarted. A period whose write found the underrun goes whole
///   into the recovered device (its clicks late, not cut); one that leaves nothing to play leaves the device
///   stopped while silent.
///
/// # Real-time context
/// Created on a control thread; ``run()`` runs on the render thread alone. It allocates nothing (every
/// buffer is made before), takes no lock of its own, does no I/O but the device's and the wake-up's, logs
/// nothing, and blocks only in the device's `poll`.
public struct RenderLoop<Device: RenderDevice> {
    public let device: Device
    public let renderer: OutputRenderer
    public let scheduling: ClickScheduling
    /// Whether the device runs from the first write until the loop stops (always in ``ClickScheduling/append``;
    /// on request in rewind, for a server that would re-time its graph at each start and stop).
    public let keepsRunning: Bool
    public let format: OutputFormat
    /// The queue depth kept while audio sounds: whole periods, at most the buffer.
    public let fillFrames: Int
    /// In rewind mode, the room at which the queue is topped up (the device's wake-up room).
    public let refillRoomFrames: Int
    /// In rewind mode, how far ahead of the read position a click goes at the soonest, unless the device's
    /// next cycle is known to be far enough away (``TransferCycle``).
    public let safeguardFrames: Int
    public let stallTimeoutNanoseconds: UInt64
    /// Where starts, rewinds (and those at the read position, and those overtaken), underruns and clicks queued
    /// behind audio are counted.
    public let counters: OutputCounters

    private let stopRequested: StopFlag
    private let floatBuffer: UnsafeMutablePointer<Float>
    private let deviceBuffer: UnsafeMutableRawPointer

    /// The longest wait while the device runs, so that a stop request and a stall are noticed.
    private static var waitSliceMilliseconds: Int32 { 20 }

    /// How far away a device's next cycle must be for a click to be written at its read position: the time to
    /// rewind, render and write one period, with room to spare.
    public static var readPositionBudgetNanoseconds: Int64 { 300_000 }

    /// - Parameters:
    ///   - fillFrames: rounded down to whole periods; at least one period, at most the buffer.
    ///   - refillRoomFrames: the room at which the device wakes the loop, so that no wake-up finds nothing to
    ///     write (which would spin). Default: half the fill depth.
    ///   - deviceBuffer: one period in the device's format; may be `floatBuffer` (one period of floats) itself.
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

    private struct Progress {
        var running = false
        /// When the device last started, and the frames written since: the clock pacing.
        var startedAt: UInt64 = 0
        var writtenSinceStart = 0
        /// The mixer frame after the last period that carried sound.
        var lastAudibleFrame: Int64 = 0
        /// The room right after the last write; more room later means the device consumed.
        var roomAfterWrite = 0
        var lastProgressAt: UInt64 = 0
        var pacingWaitMilliseconds: Int32 = -1
        /// A click could not be inserted yet (no room, nothing to rewind): wait for room rather than retry at once.
        var insertBlocked = false
        /// The device recovered from an underrun and has not consumed since.
        var recovering = false
        /// Audio was written after a recovery: the device must be started even if the mixer has gone idle.
        var holdsUnstartedAudio = false
        /// When the device takes whole cycles, where they fall; forgotten whenever the device stops.
        var cycle: TransferCycle?
        /// When the last wait returned, if it slept and was ended by the device itself, which signals right
        /// after taking a cycle.
        var wokenByDeviceAt: UInt64?
    }

    /// Runs until ``StopFlag/request()`` or a failure.
    public func run() -> RenderLoopEnd<Device.Failure> {
        let mixer = renderer.mixer
        var progress = Progress()
        if let cycleFrames = device.transferCycleFrames, cycleFrames > 0 {
            progress.cycle = TransferCycle(cycleFrames: cycleFrames, sampleRate: format.sampleRate)
        }
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
                let lookedAt = device.now
                guard let room = try device.availableFrames() else {
                    recovered(&progress)
                    continue
                }
                let now = device.now
                progress.cycle?.observe(position: readPosition(room: room), lookedAt: lookedAt, seenAt: now,
                                        wokeAt: progress.wokenByDeviceAt)
                progress.wokenByDeviceAt = nil
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

    /// Sleeps on the wake-up with no time limit unless work came meanwhile; without one (no eventfd), a slice.
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

    /// Fills the device with the click that woke the loop (and what follows, up to the fill depth), then starts it.
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
        progress.cycle?.reset()
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

    /// Nothing is expected of the stopped device until a tap starts it afresh.
    private func settleStopped(_ progress: inout Progress) {
        progress.running = false
        progress.recovering = false
        renderer.setStoppedWhileSilent(true)
        renderer.heartbeat.stopped()
    }

    /// After an underrun or suspend the device is stopped and empty: nothing queued can be rewound to.
    private func recovered(_ progress: inout Progress) {
        renderer.mixer.forgetHistory()
        if !progress.recovering && !progress.running { progress.lastProgressAt = device.now }
        progress.running = false
        progress.recovering = true
    }

    /// When a wait that began at `sleptFrom` returned, if the device's signal of a cycle just taken ended it.
    /// A wait that did not sleep a fifth of a millisecond may have found a signal left from a cycle taken while
    /// the loop was busy, so it says nothing of when that cycle was.
    private func wokenByDevice(_ outcome: RenderDeviceWait?, sleptFrom: UInt64) -> UInt64? {
        let now = device.now
        return outcome == .room && now &- sleptFrom >= 200_000 ? now : nil
    }

    /// Where the device reads, in the mixer's frames, given the room it just reported.
    private func readPosition(room: Int) -> Int64 {
        renderer.mixer.renderedFrames - Int64(format.bufferFrames - room)
    }

    /// Whether a click may be written at the read position itself now: the device takes whole cycles and the
    /// next is far enough away.
    private func clickMayGoAtReadPosition(room: Int, _ progress: Progress) -> Bool {
        guard let cycle = progress.cycle,
              let left = cycle.nanosecondsUntilNextTransfer(position: readPosition(room: room), at: device.now)
        else { return false }
        return left >= Self.readPositionBudgetNanoseconds
    }

    private var periodMilliseconds: Int32 {
        Int32(max(1, format.milliseconds(format.periodFrames).rounded(.up)))
    }

    // MARK: Running

    /// Rewinds the queue to just ahead of the read position and starts the waiting clicks there. Returns the
    /// room after the click's first period, or `nil` after a recovery.
    private func insertQueuedClicks(room: Int, _ progress: inout Progress) throws(Device.Failure) -> Int? {
        let mixer = renderer.mixer
        let period = format.periodFrames
        var free = room
        let applied = mixer.renderedFrames
        let atReadPosition = clickMayGoAtReadPosition(room: room, progress)
        let reachable = device.rewindableFrames() - (atReadPosition ? 0 : safeguardFrames)
        var checkOvertaken = false
        if reachable >= period, let target = mixer.earliestRewindFrame(atOrAfter: applied - Int64(reachable)),
           target < applied {
            let wanted = Int(applied - target)
            let taken = device.rewind(wanted)
            if taken == wanted, mixer.rewind(toFrame: target) {
                renderer.rewound(by: taken)
                counters.recordRewind()
                if atReadPosition && taken == reachable {
                    counters.recordReadPositionRewind()
                    checkOvertaken = true
                }
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
        if checkOvertaken {
            // Did the device take a cycle between the look before and now? It
            // may have come after the click went in whole; counted all the same,
            // and the estimate starts afresh.
            guard let roomNow = try device.availableFrames() else {
                counters.recordOvertakenRewind()
                recovered(&progress)
                return nil
            }
            if roomNow > free {
                counters.recordOvertakenRewind()
                progress.cycle?.reset()
            }
        }
        progress.roomAfterWrite = free
        return free
    }

    /// Writes periods up to ``fillFrames`` as the pacing allows. Returns `false` after a recovery.
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

    /// Renders, converts and writes one period whole. Returns `false` after a recovery. A period whose write
    /// found an underrun goes into the recovered device to play late but whole; only a device that refuses that
    /// too loses it, and its clicks are counted (``OutputRenderer/clicksLost``).
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

    private func playedPastLastAudible(_ progress: Progress) -> Bool {
        guard let queued = device.queuedFrames() else { return false }
        return renderer.mixer.renderedFrames - Int64(queued) >= progress.lastAudibleFrame
    }

    /// How long to hold writes back when more than a buffer and 1 % ahead of real time; `nil` to write now.
    private func pacingDelayMilliseconds(_ progress: Progress) -> Int32? {
        let elapsed = device.now &- progress.startedAt
        let rate = Double(format.sampleRate)
        let allowed = Double(elapsed) * rate * 1.01 / 1e9 + Double(format.bufferFrames)
        let ahead = Double(progress.writtenSinceStart + format.periodFrames) - allowed
        guard ahead > 0 else { return nil }
        return Int32(min(Double(Self.waitSliceMilliseconds), max(1, (ahead / rate * 1000).rounded(.up))))
    }

    /// Sleeps until the device has room for its threshold, a tap or control message comes (in rewind mode),
    /// the pacing allows more, or a wait slice passes.
    private func waitForWork(_ progress: inout Progress) throws(Device.Failure) {
        let mixer = renderer.mixer
        let timeout = progress.pacingWaitMilliseconds >= 0 ? progress.pacingWaitMilliseconds : Self.waitSliceMilliseconds
        let paced = progress.pacingWaitMilliseconds >= 0
        guard let wakeup = mixer.wakeup else {
            let sleptFrom = device.now
            let outcome = try device.wait(forRoom: !paced, wakeup: -1, timeoutMilliseconds: timeout)
            progress.wokenByDeviceAt = wokenByDevice(outcome, sleptFrom: sleptFrom)
            if outcome == nil { recovered(&progress) }
            return
        }
        wakeup.prepareToSleep()
        if stopRequested.isRequested || (scheduling == .rewind && mixer.hasQueuedClicks && !progress.insertBlocked) {
            wakeup.finishSleeping()
            return
        }
        // A blocked click waits one period's time, not for the refill threshold.
        let limit = progress.insertBlocked ? min(timeout, periodMilliseconds) : timeout
        let sleptFrom = device.now
        let outcome = try device.wait(forRoom: !paced && !progress.insertBlocked, wakeup: wakeup.fileDescriptor,
                                      timeoutMilliseconds: limit)
        wakeup.finishSleeping()
        progress.wokenByDeviceAt = wokenByDevice(outcome, sleptFrom: sleptFrom)
        if outcome == nil { recovered(&progress) }
    }
}

/// How a ``RenderLoop`` ended.
public enum RenderLoopEnd<Failure: Error> {
    case stopRequested
    /// The running device consumed nothing for the stall timeout.
    case stalled
    /// The device failed in a way that recovery could not mend.
    case failed(Failure)
}

/// A one-way, lock-free flag that asks a render loop to stop, and wakes it.
public final class StopFlag: Sendable {
    private let requested = Atomic<Bool>(false)
    private let wakeup: RenderWakeup?

    /// Setting the flag also signals `wakeup`, so a sleeping loop sees it.
    public init(wakeup: RenderWakeup?) {
        self.wakeup = wakeup
    }

    @inline(__always)
    public var isRequested: Bool { requested.load(ordering: .acquiring) }

    public func request() {
        requested.store(true, ordering: .releasing)
        wakeup?.force()
    }
}
