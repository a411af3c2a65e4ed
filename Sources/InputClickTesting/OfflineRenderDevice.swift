#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import InputClick
import Synchronization

/// The push device of an ``OfflineOutput``'s streams: the shared loop writes to it on its own thread,
/// and it plays only what a test asks for with ``render(frameCount:at:)``, in simulated time.
///
/// It has room only for the frames the test waits for, in whole short periods, so a click tapped before
/// a call starts in the call's first period; what the loop wrote beyond stays queued for the next call.
/// Its clock starts at the call's time and advances with each frame played (following the player's clock
/// for a call without a time) and with the loop's timed waits, so the loop never sees a stall. Until the
/// first call it reads an hour ahead, so the player's heartbeat check never finds the stream suspect.
///
/// Thread context: the ``RenderDevice`` methods on the render thread, the rest on the test's; state is
/// behind a lock (a test double: the real-time rules bind the devices that ship).
final class OfflineRenderDevice: RenderDevice, @unchecked Sendable {
    typealias Failure = Disconnected

    struct Disconnected: RenderFailure, CustomStringConvertible {
        var kind: OutputFault.Kind
        var meansDeviceLost: Bool { kind == .deviceLost }
        var description: String { "the offline device was disconnected by the test" }
    }

    private struct State {
        var clock: UInt64
        var played = false
        /// Set by the waiting call until the loop's thread sets the clock by it.
        var anchor: UInt64?
        /// No time given: the clock follows the player's clock while it plays.
        var followsRealTime = false
        var waiting = false
        /// Interleaved.
        var queued: [Float] = []
        /// Asked for by the waiting call, and those it has so far.
        var output: [Float] = []
        var wanted = 0
        var filled = 0
        var failure: OutputFault.Kind?
        var closed = false
    }

    let format: OutputFormat
    private let playerClock: ClickClock
    private let state: Mutex<State>
    private let request: RenderWakeup
    private let done = DispatchSemaphore(value: 0)
    private let descriptors = UnsafeMutablePointer<pollfd>.allocate(capacity: 2)

    init(format: OutputFormat, clock: ClickClock) throws {
        self.format = format
        playerClock = clock
        state = Mutex(State(clock: clock.now() &+ 3_600_000_000_000))
        request = try RenderWakeup()
        descriptors.initialize(repeating: pollfd(), count: 2)
    }

    deinit { descriptors.deallocate() }

    // MARK: The test's thread

    /// Returns once the loop has written them.
    func play(frameCount: Int, at time: UInt64?) -> [Float] {
        let count = max(0, frameCount) * format.channels
        let finished = state.withLock { state -> Bool in
            // The loop's thread moves the clock, when it sees the request
            // (``look()``), so that it never sees time pass without it.
            state.anchor = time ?? playerClock.now()
            state.followsRealTime = time == nil
            state.output = []
            state.output.reserveCapacity(count)
            state.wanted = count
            state.filled = 0
            state.waiting = count > 0 && !state.closed
            return !state.waiting
        }
        if !finished {
            request.force()
            // The loop renders what was asked at once; a stream that closes meanwhile ends the wait too.
            _ = done.wait(timeout: .now() + .seconds(30))
        }
        return state.withLock { state in
            defer { state.output = []; state.wanted = 0; state.filled = 0; state.waiting = false }
            return state.output + [Float](repeating: 0, count: state.wanted - state.filled)
        }
    }

    /// For a stall, stops the device's progress instead.
    func disconnect(_ kind: OutputFault.Kind) {
        state.withLock { state in
            if kind == .stalled {
                state.clock &+= 3_600_000_000_000
            } else {
                state.failure = kind
            }
        }
        request.force()
    }

    private func deliver(_ state: inout State) {
        let frames = min(state.queued.count, state.wanted - state.filled)
        guard frames > 0 else { return }
        state.output.append(contentsOf: state.queued[..<frames])
        state.queued.removeFirst(frames)
        state.filled += frames
        state.clock &+= UInt64(frames / format.channels) * 1_000_000_000 / UInt64(format.sampleRate)
        if state.followsRealTime { state.clock = max(state.clock, playerClock.now()) }
        if state.filled == state.wanted && state.waiting {
            state.waiting = false
            done.signal()
        }
    }

    // MARK: RenderDevice (the render thread)

    var now: UInt64 { state.withLock { $0.clock } }

    private func look() throws(Disconnected) -> Int {
        let (failure, room) = state.withLock { state -> (OutputFault.Kind?, Int) in
            if let anchor = state.anchor {
                state.clock = state.played ? max(state.clock, anchor) : anchor
                state.played = true
                state.anchor = nil
            }
            deliver(&state)
            let queued = state.queued.count / format.channels
            let missing = (state.wanted - state.filled) / format.channels - queued
            guard missing > 0 else { return (state.failure, 0) }
            let period = max(1, format.periodFrames)
            return (state.failure, min(format.bufferFrames - queued, (missing + period - 1) / period * period))
        }
        if let failure { throw Disconnected(kind: failure) }
        return room
    }

    func availableFrames() throws(Disconnected) -> Int? { try look() }

    func write(_ buffer: UnsafeRawPointer, frames: Int) throws(Disconnected) -> Int? {
        let taken = min(frames, try look())
        let count = taken * format.channels
        state.withLock { state in
            switch format.sampleFormat {
            case .float32:
                state.queued.append(contentsOf: UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: Float.self), count: count))
            case .signed32:
                let samples = buffer.assumingMemoryBound(to: Int32.self)
                state.queued.append(contentsOf: (0..<count).map { Float(samples[$0]) / 2_147_483_648 })
            case .signed16:
                let samples = buffer.assumingMemoryBound(to: Int16.self)
                state.queued.append(contentsOf: (0..<count).map { Float(samples[$0]) / 32_768 })
            }
        }
        return taken
    }

    func queuedFrames() -> Int? { state.withLock { $0.queued.count / format.channels } }

    func start() {}

    func stop() {
        state.withLock { $0.queued = [] }
    }

    func rewindableFrames() -> Int { 0 }

    func rewind(_ frames: Int) -> Int { 0 }

    func forward(_ frames: Int) -> Int { 0 }

    func wait(forRoom: Bool, wakeup: Int32, timeoutMilliseconds: Int32) throws(Disconnected) -> RenderDeviceWait? {
        if forRoom, try look() >= format.periodFrames { return .room }
        // While a call waits for frames, a timed wait (the loop's pacing) lets simulated time pass.
        let passed = state.withLock { state -> Bool in
            guard state.waiting, timeoutMilliseconds >= 0 else { return false }
            state.clock &+= UInt64(timeoutMilliseconds) * 1_000_000
            return true
        }
        if passed { return .timedOut }
        descriptors[0] = pollfd(fd: request.fileDescriptor, events: Int16(POLLIN), revents: 0)
        descriptors[1] = pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0)
        // Simulated time passes only as the test plays: with the wake-up to
        // end it (a tap, a stop), a wait lasts until the test asks for more.
        let ready = poll(descriptors, wakeup >= 0 ? 2 : 1, wakeup >= 0 ? -1 : timeoutMilliseconds)
        if ready > 0 && descriptors[0].revents != 0 { request.finishSleeping() }
        if wakeup >= 0 && ready > 0 && descriptors[1].revents != 0 { return .woken }
        if forRoom, try look() >= format.periodFrames { return .room }
        return .timedOut
    }

    /// Ends any waiting call (the stream closed).
    func close() {
        state.withLock { state in
            state.closed = true
            if state.waiting {
                state.waiting = false
                done.signal()
            }
        }
    }
}
