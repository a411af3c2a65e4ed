#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// The render entry of a ``RenderStream`` over a ``PullRenderDevice``: it hands the renderer to the device's
/// real-time callback at start and takes it back at stop (through an atomic flag), records each cycle's
/// clicks and progress, watches for a stall, and reports the stream's one fault.
///
/// # Real-time context
/// ``beginCycle()``, ``endCycle()``, ``PullRenderCycle/render(into:frameCount:)`` and
/// ``served(_:at:queuedFrames:)`` run on the device's real-time thread: they allocate nothing, take no lock,
/// do no I/O and never block. ``fail(_:message:underlying:)`` and ``checkStall(now:)`` take a lock and run
/// on any other thread; the rest on the control queue.
public final class PullRenderEntry: @unchecked Sendable {
    /// The device in fault messages, such as `the PipeWire server`.
    public let deviceName: String
    public let format: OutputFormat
    public let counters: OutputCounters
    /// How long a started stream may go without a cycle before it counts as stalled.
    public let stallTimeoutNanoseconds: UInt64
    /// The clock the device stamps its cycles by, which the stream's start is stamped by too.
    public let clock: ClickClock

    /// Set before ``rendering`` turns true; behind a pointer so the callback's read costs no exclusivity check.
    private let renderer: UnsafeMutablePointer<OutputRenderer?>
    private let rendering = Atomic<Bool>(false)
    private let inCycle = Atomic<Bool>(false)
    private let lastCycle = Atomic<UInt64>(0)
    private let cycles = Atomic<Int>(0)
    private let control = Mutex(Control())

    private struct Control: @unchecked Sendable {
        var onFault: (@Sendable (OutputFault) -> Void)?
        var startedAt: UInt64 = 0
        var faulted = false
        /// A fault that came before the stream started: its start throws it.
        var early: OutputFault?
    }

    public init(deviceName: String, format: OutputFormat, counters: OutputCounters = OutputCounters(),
                stallTimeoutNanoseconds: UInt64, clock: ClickClock = .monotonic) {
        self.deviceName = deviceName
        self.clock = clock
        self.format = format
        self.counters = counters
        self.stallTimeoutNanoseconds = stallTimeoutNanoseconds
        renderer = .allocate(capacity: 1)
        renderer.initialize(to: nil)
    }

    deinit {
        renderer.deinitialize(count: 1)
        renderer.deallocate()
    }

    /// When the device last served a cycle (``clock``), 0 before it first did.
    public var lastCycleAt: UInt64 { lastCycle.load(ordering: .acquiring) }

    public var cycleCount: Int { cycles.load(ordering: .relaxed) }

    // MARK: The device's real-time thread

    /// Opens a cycle (until ``endCycle()`` the stream will not take the renderer back); two atomic operations.
    @inline(__always)
    public func beginCycle() -> PullRenderCycle {
        inCycle.store(true, ordering: .sequentiallyConsistent)
        let current = rendering.load(ordering: .sequentiallyConsistent) ? renderer.pointee : nil
        return PullRenderCycle(renderer: current, channels: format.channels)
    }

    @inline(__always)
    public func endCycle() {
        inCycle.store(false, ordering: .releasing)
    }

    /// The device took the cycle's audio at `now` (``clock``), with `queuedFrames` ahead of its end (`nil`:
    /// unknown): records the cycle's clicks and the device's progress.
    @inline(__always)
    public func served(_ cycle: PullRenderCycle, at now: UInt64, queuedFrames: Int?) {
        lastCycle.store(now, ordering: .releasing)
        cycles.add(1, ordering: .relaxed)
        guard let current = cycle.renderer else { return }
        current.didWrite(at: now, framesQueuedAfterWrite: queuedFrames)
        // The device took the last cycle's audio and asks for more: progress.
        current.heartbeat.consumed(at: now)
    }

    // MARK: The control queue

    /// Renders `renderer` from the next cycle on; called once.
    ///
    /// - Throws: the fault the device reported before the start (its underlying error when it has one).
    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        try control.withLock { control in
            if let early = control.early { throw early.underlying ?? early }
            control.onFault = onFault
            control.startedAt = clock.now()
        }
        // Replacing the renderer under a running cycle would release the old one on the device's thread.
        precondition(!rendering.load(ordering: .sequentiallyConsistent), "a stream starts rendering once")
        self.renderer.pointee = renderer
        rendering.store(true, ordering: .sequentiallyConsistent)
    }

    func close() {
        control.withLock { control in
            control.faulted = true
            control.onFault = nil
        }
        stopRendering()
    }

    /// Returns once no cycle renders the renderer (a cycle under way finishes first, within microseconds).
    private func stopRendering() {
        rendering.store(false, ordering: .sequentiallyConsistent)
        while inCycle.load(ordering: .sequentiallyConsistent) { sched_yield() }
    }

    // MARK: The device's other threads

    /// The device cannot go on: stops rendering and reports the fault once (before the start, start throws it).
    /// Not for the real-time thread or the control queue.
    public func fail(_ kind: OutputFault.Kind, message: String, underlying: (any Error & Sendable)? = nil) {
        let fault = OutputFault(kind: kind, message: message, underlying: underlying)
        let onFault = control.withLock { control -> (@Sendable (OutputFault) -> Void)? in
            guard !control.faulted else { return nil }
            guard let onFault = control.onFault else {
                if control.early == nil { control.early = fault }
                return nil
            }
            control.faulted = true
            control.onFault = nil
            return onFault
        }
        guard let onFault else { return }
        stopRendering()
        onFault(fault)
    }

    /// Reports a stall if the stream started and no cycle came for ``stallTimeoutNanoseconds`` before `now`.
    public func checkStall(now: UInt64) {
        let startedAt = control.withLock { $0.onFault == nil ? nil : $0.startedAt }
        guard let startedAt else { return }
        let last = max(lastCycleAt, startedAt)
        guard now > last, now - last > stallTimeoutNanoseconds else { return }
        fail(.stalled, message: "\(deviceName) has asked for no audio for \((now - last) / 1_000_000) ms")
    }
}

/// One cycle of a pull device: what it renders (a plain value; real-time safe).
public struct PullRenderCycle {
    /// `nil` before the stream started and after it stopped: the cycle renders silence.
    public let renderer: OutputRenderer?
    let channels: Int

    public var isRendering: Bool { renderer != nil }

    @inline(__always)
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) {
        if let renderer {
            renderer.render(into: buffer, frameCount: frameCount)
        } else {
            buffer.update(repeating: 0, count: frameCount * channels)
        }
    }
}
