import CPipeWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick
import Synchronization

/// What a PipeWire stream's process callback renders into: each cycle of the
/// graph it dequeues the stream's buffer, renders ``OutputRenderer`` straight
/// into it (as many frames as the server asks, never more than the buffer
/// holds), queues it, and records the clicks that started in it with the
/// queue depth from `pw_stream_get_time_n`. Before ``startRendering(_:)`` and
/// after ``stopRendering()`` it queues silence, so the stream keeps its place
/// in the graph and the graph never changes per tap.
///
/// # Real-time context
/// ``process()`` runs on libpipewire's data-loop thread (the stream has
/// `PW_STREAM_FLAG_RT_PROCESS`): it allocates nothing, takes no lock, logs
/// nothing and never blocks. Everything it reads was made before the stream
/// connected; the renderer it renders is handed over through an atomic flag.
///
/// Thread context: ``process()`` on the data loop; the rest on control threads.
final class PipeWireRenderTarget: @unchecked Sendable {
    private let library: PipeWireLibrary
    private let channels: Int
    private let bytesPerFrame: Int
    private let sampleRate: Int64
    private let counters: OutputCounters
    /// The `pw_stream`, set once it is made, before it connects.
    private let stream: UnsafeMutablePointer<OpaquePointer?>
    /// The renderer, set before ``rendering`` turns true: kept behind a
    /// pointer so the callback's read costs no exclusivity check.
    private let renderer: UnsafeMutablePointer<OutputRenderer?>
    private let time: UnsafeMutablePointer<pw_time>
    /// The name the data loop's thread takes in its first rendering cycle.
    private let threadName: UnsafeMutablePointer<CChar>
    private let rendering = Atomic<Bool>(false)
    private let inCallback = Atomic<Bool>(false)
    private let lastProcess = Atomic<UInt64>(0)
    private let cycles = Atomic<Int>(0)
    /// The data loop thread's kernel ID, 0 until the first cycle that renders.
    private let dataLoopThread = Atomic<Int32>(0)
    /// What the graph granted, seen in the first cycle: the frames it asked
    /// for (its quantum; 0 until then) and the buffers the stream has.
    private let grantedFrames = Atomic<Int>(0)
    private let grantedBuffers = Atomic<Int>(0)

    init(library: PipeWireLibrary, format: OutputFormat, counters: OutputCounters, threadName: String) {
        self.library = library
        channels = format.channels
        bytesPerFrame = format.channels * MemoryLayout<Float>.size
        sampleRate = Int64(format.sampleRate)
        self.counters = counters
        stream = .allocate(capacity: 1)
        stream.initialize(to: nil)
        renderer = .allocate(capacity: 1)
        renderer.initialize(to: nil)
        time = .allocate(capacity: 1)
        time.initialize(to: pw_time())
        self.threadName = strdup(String(threadName.utf8.prefix(15)) ?? RealtimeThread.renderThreadName)!
    }

    deinit {
        stream.deallocate()
        renderer.deinitialize(count: 1)
        renderer.deallocate()
        time.deallocate()
        free(threadName)
    }

    /// Says which `pw_stream` the callback serves; before it connects.
    func attach(_ handle: OpaquePointer) { stream.pointee = handle }

    /// Whether the data loop's thread has real-time scheduling now (`false`
    /// until the first cycle that renders): asked of the kernel for that thread, since
    /// libpipewire raises its priority after it started, and not through
    /// pthreads (whose cached policy then stays SCHED_OTHER).
    var isRealtime: Bool {
        let thread = dataLoopThread.load(ordering: .acquiring)
        guard thread != 0 else { return false }
        // libpipewire sets SCHED_RESET_ON_FORK (0x40000000) with the policy.
        let policy = sched_getscheduler(thread) & ~0x4000_0000
        return policy == SCHED_FIFO || policy == SCHED_RR
    }

    /// When the server last asked for audio (``MonotonicClock``), 0 before it first did.
    var lastProcessAt: UInt64 { lastProcess.load(ordering: .acquiring) }

    /// The graph cycles the stream has served so far.
    var cycleCount: Int { cycles.load(ordering: .relaxed) }

    /// What the server granted, once the graph ran its first cycle for the
    /// stream: the period is the frames that cycle asked for (the graph's
    /// quantum, `pw_buffer.requested`), and the buffer that times the
    /// buffers the stream was given (`pw_stream_get_time_n`'s queued and
    /// available buffers). `nil` before the first cycle.
    var granted: (periodFrames: Int, bufferFrames: Int)? {
        let frames = grantedFrames.load(ordering: .acquiring)
        guard frames > 0 else { return nil }
        return (frames, frames * grantedBuffers.load(ordering: .relaxed))
    }

    /// Renders `renderer` from the next cycle on.
    ///
    /// Thread context: a control thread, once.
    func startRendering(_ renderer: OutputRenderer) {
        // Replacing the renderer under a running cycle would release the old one on the data loop.
        precondition(!rendering.load(ordering: .sequentiallyConsistent), "a PipeWire stream starts rendering once")
        self.renderer.pointee = renderer
        rendering.store(true, ordering: .sequentiallyConsistent)
    }

    /// Stops rendering: returns once no cycle renders the renderer any more
    /// (a cycle under way finishes first, within microseconds).
    ///
    /// Thread context: a control thread or the loop's thread; never the data loop.
    func stopRendering() {
        rendering.store(false, ordering: .sequentiallyConsistent)
        while inCallback.load(ordering: .sequentiallyConsistent) { sched_yield() }
    }

    /// One cycle: see the type's documentation.
    ///
    /// # Real-time context
    /// Allocates nothing, takes no lock, does no I/O, never blocks.
    func process() {
        guard let handle = stream.pointee else { return }
        inCallback.store(true, ordering: .sequentiallyConsistent)
        defer { inCallback.store(false, ordering: .releasing) }
        guard let buffer = library.dequeueBuffer(handle) else {
            // The server has every buffer: this cycle gets nothing from us.
            counters.recordUnderrun()
            return
        }
        guard let spa = buffer.pointee.buffer, spa.pointee.n_datas > 0, let datas = spa.pointee.datas,
              let bytes = datas[0].data, let chunk = datas[0].chunk else {
            library.queueBuffer(handle, buffer)
            return
        }
        var frames = Int(datas[0].maxsize) / bytesPerFrame
        let requested = Int(truncatingIfNeeded: buffer.pointee.requested)
        if requested > 0 && requested < frames { frames = requested }
        let samples = bytes.assumingMemoryBound(to: Float.self)
        let current = rendering.load(ordering: .sequentiallyConsistent) ? renderer.pointee : nil
        if let current {
            current.render(into: samples, frameCount: frames)
        } else {
            samples.update(repeating: 0, count: frames * channels)
        }
        chunk.pointee.offset = 0
        chunk.pointee.stride = Int32(bytesPerFrame)
        chunk.pointee.size = UInt32(frames * bytesPerFrame)
        buffer.pointee.size = UInt64(frames)
        library.queueBuffer(handle, buffer)
        if grantedFrames.load(ordering: .relaxed) == 0 { recordGrant(handle, frames: frames) }
        let now = MonotonicClock.now()
        lastProcess.store(now, ordering: .releasing)
        cycles.add(1, ordering: .relaxed)
        guard let current else { return }
        if dataLoopThread.load(ordering: .relaxed) == 0 {
            // Once, in the first cycle that renders (the stream's first
            // cycles may come from its thread loop while it starts): the
            // data loop is this stream's own (its context's), so it takes the
            // render thread's name; two system calls that neither block nor allocate.
            _ = inputclick_pw_name_thread(threadName)
            dataLoopThread.store(inputclick_pw_thread_id(), ordering: .releasing)
        }
        current.didWrite(at: now, framesQueuedAfterWrite: queuedFrames(handle, now: now))
        // The server took the last cycle's audio and asks for more: progress.
        current.heartbeat.consumed(at: now)
    }

    /// Keeps what the first cycle shows of the server's grant (see ``granted``).
    @inline(__always)
    private func recordGrant(_ handle: OpaquePointer, frames: Int) {
        var buffers = 1
        if library.time(handle, into: time) {
            buffers = max(1, Int(time.pointee.queued_buffers) + Int(time.pointee.avail_buffers))
        }
        grantedBuffers.store(buffers, ordering: .relaxed)
        grantedFrames.store(frames, ordering: .releasing)
    }

    /// The frames ahead of the end of what was just queued: those still
    /// queued in the stream and its converter, and the graph's delay to the
    /// sink less the time since the server measured it; nil if unknown.
    @inline(__always)
    private func queuedFrames(_ handle: OpaquePointer, now: UInt64) -> Int? {
        guard library.time(handle, into: time) else { return nil }
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
