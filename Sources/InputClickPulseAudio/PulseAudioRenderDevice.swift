import CPulseAudio
import InputClick

/// The render thread's model of the server's play position: from when the first frame
/// after a pause was written and the rate, held back to what the server has shown it
/// consumed (``PulseAudioCalls/lastRequestAt``). The render thread's alone.
struct PulseAudioPlayback {
    /// Audio was written since the last pause.
    var running = false
    /// When the first frame after the pause was written: it plays then.
    var startedAt: UInt64 = 0
    /// Frames written since the pause, net of rewinds.
    var written = 0
    /// 0 or negative (a rewind): where the next write goes from the write index.
    var seekBytes: Int64 = 0
    /// The first write after a pause goes to the server's read index.
    var writeOnRead = true
}

/// The ``RenderDevice`` over one PulseAudio playback stream (design: ``PulseAudioStream``).
///
/// - ``start()`` and ``stop()`` send nothing: the stream is never corked; a stop marks
///   the next write as the first after a pause, which goes to the read index
///   (`PA_SEEK_RELATIVE_ON_READ`) and so ends the server's prebuffering at once.
/// - ``rewind(_:)`` makes the next write seek back from the write index; the server
///   rewinds its sink where that lands before its read index.
/// - Room and queued frames come from the ``PulseAudioPlayback`` model, which stops when
///   the server stops asking (a stall), unless its last word was that the stream ran dry
///   (``PulseAudioCalls/lastUnderflowAt``).
/// - Writes are queued for the libpulse thread (``PulseAudioCalls/queueWrite(_:bytes:placement:)``);
///   a full queue takes nothing.
///
/// # Real-time context
/// Calls no libpulse function: allocates nothing, takes no lock, and makes no system
/// call but `clock_gettime`, `poll` and the wake-up's eventfd write.
struct PulseAudioRenderDevice: RenderDevice {
    let calls: PulseAudioCalls
    let state: UnsafeMutablePointer<PulseAudioPlayback>
    let format: OutputFormat
    let counters: OutputCounters
    /// How far the model runs past the server's last ask for data.
    let graceNanoseconds: UInt64

    var now: UInt64 { calls.clock.now() }

    private var frameBytes: Int { format.channels * format.sampleFormat.bytesPerSample }
    private var bufferNanoseconds: UInt64 { UInt64(format.bufferFrames) * 1_000_000_000 / UInt64(max(1, format.sampleRate)) }

    private func playedFrames(at time: UInt64) -> Int {
        let playback = state.pointee
        guard playback.running else { return 0 }
        // When the server's last word since the first write was that the
        // stream ran dry, it has played all it had: the model keeps time
        // alone. A sink that rewinds to mix a tap in renders up to its
        // latency ahead at once, up to all the stream holds, and then asks for
        // nothing more. (A stream that restarts after a brief underflow, its
        // first period alone at the server, asks again, and the asks rule.)
        // That holds for a buffer's time past the underflow and the grace
        // (all written before it has played by then); past that, a server
        // that neither asks nor says anything more is taken for frozen, even
        // while the loop keeps writing.
        let askedAt = calls.lastRequestAt
        let ranDryAt = calls.lastUnderflowAt
        let heardUntil = ranDryAt > playback.startedAt && ranDryAt > askedAt
            ? min(time, ranDryAt &+ graceNanoseconds &+ bufferNanoseconds)
            : min(time, max(askedAt, playback.startedAt) &+ graceNanoseconds)
        guard heardUntil > playback.startedAt else { return 0 }
        let frames = Int((heardUntil - playback.startedAt) * UInt64(format.sampleRate) / 1_000_000_000)
        return min(playback.written, frames)
    }

    private func serviceServer() throws(PulseAudioOutputError) {
        if let failure = calls.failure() { throw failure }
    }

    func availableFrames() throws(PulseAudioOutputError) -> Int? {
        try serviceServer()
        guard state.pointee.running else { return format.bufferFrames }
        let queued = state.pointee.written - playedFrames(at: now)
        if queued <= 0 {
            // Ran dry while the loop still plays: the server is prebuffering
            // again. Count it; the loop restarts, and the next write goes to the read index.
            counters.recordUnderrun()
            pause()
            return nil
        }
        return max(0, format.bufferFrames - queued)
    }

    func write(_ buffer: UnsafeRawPointer, frames: Int) throws(PulseAudioOutputError) -> Int? {
        try serviceServer()
        let onRead = state.pointee.writeOnRead
        let placement = PulseAudioWritePlacement(bytes: 0, seekOffset: onRead ? 0 : state.pointee.seekBytes, onRead: onRead)
        // A write is at most a period: one slot of the queue.
        let frames = min(frames, format.periodFrames)
        guard calls.queueWrite(buffer, bytes: frames * frameBytes, placement: placement) else { return 0 }
        if onRead {
            state.pointee.writeOnRead = false
            state.pointee.running = true
            state.pointee.startedAt = now
            state.pointee.written = 0
        }
        state.pointee.seekBytes = 0
        state.pointee.written += frames
        return frames
    }

    func queuedFrames() -> Int? {
        max(0, state.pointee.written - playedFrames(at: now))
    }

    func start() throws(PulseAudioOutputError) {
        // The server started on the first write (prebuf is one period).
        try serviceServer()
    }

    func stop() throws(PulseAudioOutputError) {
        pause()
    }

    private func pause() {
        state.pointee.running = false
        state.pointee.writeOnRead = true
        state.pointee.seekBytes = 0
        state.pointee.written = 0
    }

    func rewindableFrames() -> Int {
        guard state.pointee.running, state.pointee.seekBytes == 0 else { return 0 }
        return max(0, state.pointee.written - playedFrames(at: now))
    }

    func rewind(_ frames: Int) -> Int {
        let taken = min(frames, rewindableFrames())
        guard taken > 0 else { return 0 }
        state.pointee.seekBytes -= Int64(taken * frameBytes)
        state.pointee.written -= taken
        return taken
    }

    func forward(_ frames: Int) -> Int {
        let back = Int(-state.pointee.seekBytes) / frameBytes
        let moved = min(frames, back)
        state.pointee.seekBytes += Int64(moved * frameBytes)
        state.pointee.written += moved
        return moved
    }

    func wait(forRoom: Bool, wakeup: Int32, timeoutMilliseconds: Int32) throws(PulseAudioOutputError) -> RenderDeviceWait? {
        let start = now
        var limit = timeoutMilliseconds
        if forRoom && state.pointee.running {
            // Room comes with time: look again after a period.
            let period = Int32(max(1, format.milliseconds(format.periodFrames).rounded(.up)))
            limit = limit < 0 ? period : min(limit, period)
        }
        let deadline: UInt64? = limit < 0 ? nil : start + UInt64(limit) * 1_000_000
        while true {
            try serviceServer()
            var timeout: Int32 = -1
            if let deadline {
                let current = now
                if current >= deadline { break }
                timeout = Int32(clamping: (deadline - current + 999_999) / 1_000_000)
            }
            let woken = try calls.waitForWakeup(wakeup, timeoutMilliseconds: timeout)
            try serviceServer()
            if woken { return .woken }
        }
        if forRoom && state.pointee.running {
            guard let room = try availableFrames() else { return nil }
            return room > 0 ? .room : .timedOut
        }
        return .timedOut
    }
}
