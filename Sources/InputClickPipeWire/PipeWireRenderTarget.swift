import CPipeWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick
import Synchronization

/// A PipeWire stream's process callback: each cycle it dequeues the stream's buffer,
/// lets the ``PullRenderEntry`` render into it (the frames the server asks, at most the
/// buffer; silence before start and after stop, so the graph never changes per tap),
/// queues it, and tells the entry the queue depth. A cycle after one the graph played
/// without our audio (``PullCycleContinuity``) counts as an underrun.
///
/// # Real-time context
/// ``process()`` runs on libpipewire's data loop (`PW_STREAM_FLAG_RT_PROCESS`): it
/// allocates nothing, takes no lock, logs nothing, never blocks; its only I/O is one
/// eventfd write in the first cycle (the open's wake-up). The rest runs on control threads.
final class PipeWireRenderTarget: @unchecked Sendable {
    private let library: PipeWireLibrary
    private let entry: PullRenderEntry
    private let bytesPerFrame: Int
    private let sampleRate: Int64
    private let stream: UnsafeMutablePointer<OpaquePointer?>
    /// Wakes an open waiting for the graph's first cycle; set with the stream.
    private let firstCycleEvent: UnsafeMutablePointer<(event: UnsafeMutablePointer<spa_source>, loop: UnsafeMutablePointer<pw_loop>)?>
    private let time: UnsafeMutablePointer<pw_time>
    /// The data loop's alone.
    private let continuity: UnsafeMutablePointer<PullCycleContinuity>
    /// Taken in the first rendering cycle.
    private let threadName: UnsafeMutablePointer<CChar>
    /// Kernel ID; 0 until the first cycle that renders.
    private let dataLoopThread = Atomic<Int32>(0)
    /// The graph's grant, seen in the first cycle: frames asked (its quantum) and buffers.
    private let grantedFrames = Atomic<Int>(0)
    private let grantedBuffers = Atomic<Int>(0)

    init(library: PipeWireLibrary, entry: PullRenderEntry, threadName: String) {
        self.library = library
        self.entry = entry
        bytesPerFrame = entry.format.channels * MemoryLayout<Float>.size
        sampleRate = Int64(entry.format.sampleRate)
        stream = .allocate(capacity: 1)
        stream.initialize(to: nil)
        firstCycleEvent = .allocate(capacity: 1)
        firstCycleEvent.initialize(to: nil)
        time = .allocate(capacity: 1)
        time.initialize(to: pw_time())
        continuity = .allocate(capacity: 1)
        continuity.initialize(to: PullCycleContinuity())
        self.threadName = strdup(String(threadName.utf8.prefix(15)) ?? RealtimeThread.renderThreadName)!
    }

    deinit {
        stream.deallocate()
        firstCycleEvent.deallocate()
        time.deallocate()
        continuity.deallocate()
        free(threadName)
    }

    /// Before it connects; `event` (if any) on `loop` is signalled by the first cycle.
    func attach(_ handle: OpaquePointer, firstCycleEvent event: UnsafeMutablePointer<spa_source>?,
                on loop: UnsafeMutablePointer<pw_loop>) {
        stream.pointee = handle
        firstCycleEvent.pointee = event.map { ($0, loop) }
    }

    /// The period is the graph's quantum (`pw_buffer.requested`) of the stream's first
    /// cycle, the buffer that times its buffers; `nil` before the first cycle.
    var granted: (periodFrames: Int, bufferFrames: Int)? {
        let frames = grantedFrames.load(ordering: .acquiring)
        guard frames > 0 else { return nil }
        return (frames, frames * grantedBuffers.load(ordering: .relaxed))
    }

    /// Whether the data loop's thread has real-time scheduling now, asked of the kernel
    /// (libpipewire raises it after the thread started; pthreads' cached policy stays).
    var isRealtime: Bool {
        let thread = dataLoopThread.load(ordering: .acquiring)
        guard thread != 0 else { return false }
        // libpipewire sets SCHED_RESET_ON_FORK (0x40000000) with the policy.
        let policy = sched_getscheduler(thread) & ~0x4000_0000
        return policy == SCHED_FIFO || policy == SCHED_RR
    }

    /// One cycle: see the type's documentation.
    func process() {
        guard let handle = stream.pointee else { return }
        let cycle = entry.beginCycle()
        defer { entry.endCycle() }
        guard let buffer = library.dequeueBuffer(handle) else {
            // The server has every buffer: this cycle gets nothing from us.
            entry.counters.recordUnderrun()
            continuity.pointee.forget()
            return
        }
        guard let spa = buffer.pointee.buffer, spa.pointee.n_datas > 0, let datas = spa.pointee.datas,
              let bytes = datas[0].data, let chunk = datas[0].chunk else {
            library.queueBuffer(handle, buffer)
            continuity.pointee.forget()
            return
        }
        var frames = Int(datas[0].maxsize) / bytesPerFrame
        let requested = Int(truncatingIfNeeded: buffer.pointee.requested)
        if requested > 0 && requested < frames { frames = requested }
        cycle.render(into: bytes.assumingMemoryBound(to: Float.self), frameCount: frames)
        chunk.pointee.offset = 0
        chunk.pointee.stride = Int32(bytesPerFrame)
        chunk.pointee.size = UInt32(frames * bytesPerFrame)
        buffer.pointee.size = UInt64(frames)
        library.queueBuffer(handle, buffer)
        if grantedFrames.load(ordering: .relaxed) == 0 { recordGrant(handle, frames: frames) }
        let now = entry.clock.now()
        let timed = library.time(handle, into: time)
        if !timed { continuity.pointee.forget() }
        let gap = timed && followsGap(frames: requested > 0 ? requested : frames, knownQuantum: requested > 0, finishedAt: now)
        if gap && cycle.isRendering { entry.counters.recordUnderrun() }
        guard cycle.isRendering else {
            entry.served(cycle, at: now, queuedFrames: nil)
            return
        }
        if dataLoopThread.load(ordering: .relaxed) == 0 {
            // Once, in the first cycle that renders (the stream's first
            // cycles may come from its thread loop while it starts): the
            // data loop is this stream's own (its context's), so it takes the
            // render thread's name; two system calls that neither block nor allocate.
            _ = inputclick_pw_name_thread(threadName)
            dataLoopThread.store(inputclick_pw_thread_id(), ordering: .releasing)
        }
        entry.served(cycle, at: now, queuedFrames: timed ? queuedFrames(now: now) : nil)
    }

    /// Notes this cycle and says whether the graph missed our audio since the last one.
    /// Positions are compared only when the cycle said how many frames it asked (`knownQuantum`).
    @inline(__always)
    private func followsGap(frames: Int, knownQuantum: Bool, finishedAt: UInt64) -> Bool {
        let snapshot = time.pointee
        let sameRate = snapshot.rate.num == 1 && Int64(snapshot.rate.denom) == sampleRate
        return continuity.pointee.cycle(position: sameRate && knownQuantum ? snapshot.ticks : nil,
                                        startedAt: UInt64(clamping: snapshot.now), frames: frames, finishedAt: finishedAt)
    }

    @inline(__always)
    private func recordGrant(_ handle: OpaquePointer, frames: Int) {
        var buffers = 1
        if library.time(handle, into: time) {
            buffers = max(1, Int(time.pointee.queued_buffers) + Int(time.pointee.avail_buffers))
        }
        grantedBuffers.store(buffers, ordering: .relaxed)
        grantedFrames.store(frames, ordering: .releasing)
        if let wake = firstCycleEvent.pointee { library.signalEvent(wake.event, on: wake.loop) }
    }

    /// Still queued in the stream and its converter, plus the graph's delay to the sink
    /// less the time since the server measured it.
    @inline(__always)
    private func queuedFrames(now: UInt64) -> Int {
        let snapshot = time.pointee
        var frames = Int64(truncatingIfNeeded: snapshot.queued) &+ Int64(truncatingIfNeeded: snapshot.buffered)
        if snapshot.rate.denom > 0 {
            let delayNanoseconds = snapshot.delay &* Int64(snapshot.rate.num) &* 1_000_000_000 / Int64(snapshot.rate.denom)
            let remaining = delayNanoseconds &- (Int64(bitPattern: now) &- snapshot.now)
            if remaining > 0 { frames &+= remaining &* sampleRate / 1_000_000_000 }
        }
        return Int(max(0, frames))
    }
}
