#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The device of a ``NullOutput``: plays what is written at real-time pace by its clock (the request's) and
/// discards it. It never underruns (run dry, it plays on from the next write) and cannot rewind. Real-time
/// rules as ``RenderDevice``.
struct NullRenderDevice: RenderDevice {
    typealias Failure = Never

    /// Behind a pointer, as the loop's methods do not mutate the device value.
    private struct Playback {
        var running = false
        var written = 0
        /// The clock reading and the frames played at it, from which the device plays on.
        var anchorTime: UInt64 = 0
        var anchorFrames = 0
        /// The wake-up's poll entry, made here so the render thread makes none.
        var descriptor = pollfd()
    }

    let format: OutputFormat
    /// The clock it plays by: the player's, from the stream's request.
    let clock: ClickClock
    private let state: UnsafeMutablePointer<Playback>

    init(format: OutputFormat, clock: ClickClock) {
        self.format = format
        self.clock = clock
        state = .allocate(capacity: 1)
        state.initialize(to: Playback())
    }

    func close() {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var now: UInt64 { clock.now() }

    private func played(at time: UInt64) -> Int {
        let playback = state.pointee
        guard playback.running, time > playback.anchorTime else { return playback.running ? playback.anchorFrames : 0 }
        let elapsed = Int((time - playback.anchorTime) * UInt64(format.sampleRate) / 1_000_000_000)
        return min(playback.written, playback.anchorFrames + elapsed)
    }

    private func queued(at time: UInt64) -> Int { state.pointee.written - played(at: time) }

    func availableFrames() -> Int? { format.bufferFrames - queued(at: now) }

    func write(_ buffer: UnsafeRawPointer, frames: Int) -> Int? {
        let time = now
        let queued = queued(at: time)
        if state.pointee.running && queued == 0 {
            // Ran dry: play on from now.
            state.pointee.anchorTime = time
            state.pointee.anchorFrames = state.pointee.written
        }
        let taken = max(0, min(frames, format.bufferFrames - queued))
        state.pointee.written += taken
        return taken
    }

    func queuedFrames() -> Int? { queued(at: now) }

    func start() {
        state.pointee.running = true
        state.pointee.anchorTime = now
        state.pointee.anchorFrames = 0
    }

    func stop() {
        state.pointee.running = false
        state.pointee.written = 0
        state.pointee.anchorFrames = 0
    }

    func rewindableFrames() -> Int { 0 }

    func rewind(_ frames: Int) -> Int { 0 }

    func forward(_ frames: Int) -> Int { 0 }

    func wait(forRoom: Bool, wakeup: Int32, timeoutMilliseconds: Int32) -> RenderDeviceWait? {
        var timeout = timeoutMilliseconds
        if forRoom && state.pointee.running {
            // Room for a period comes once the queue has played down to a buffer less a period.
            let toPlay = queued(at: now) - (format.bufferFrames - format.periodFrames)
            guard toPlay > 0 else { return .room }
            let nanoseconds = UInt64(toPlay) * 1_000_000_000 / UInt64(max(1, format.sampleRate))
            let milliseconds = Int32(clamping: (nanoseconds + 999_999) / 1_000_000)
            timeout = timeout < 0 ? milliseconds : min(timeout, milliseconds)
        }
        var ready: Int32
        if wakeup >= 0 {
            state.pointee.descriptor = pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0)
            ready = poll(&state.pointee.descriptor, 1, timeout)
        } else {
            ready = poll(nil, 0, timeout)
        }
        if ready > 0 && state.pointee.descriptor.revents != 0 { return .woken }
        if forRoom, let room = availableFrames(), room >= format.periodFrames { return .room }
        return .timedOut
    }
}
