import Synchronization

/// The render thread of one open stream, written once for every backend:
/// it runs a ``RenderLoop`` on a ``RealtimeThread`` until ``stop()``, and
/// when the loop ends by itself, reports it once through `onFault`, as
/// ``AudioOutputStream/start(rendering:onFault:)`` asks.
///
/// # Real-time context
/// ``run(on:)`` is the loop (see ``RenderLoop``); the fault is described
/// and reported from ``loopDidEnd(on:)``, after the loop, where allocating is allowed.
///
/// Thread context: ``start(loop:stop:priority:describe:onFault:)`` and
/// ``stop()`` on a control thread; ``isRealtime`` from any thread.
public final class RenderThreadHost<Device: RenderDevice>: RealtimeThreadBody, @unchecked Sendable {
    private let loop: RenderLoop<Device>
    private let stopFlag: StopFlag
    private let describe: @Sendable (RenderLoopEnd<Device.Failure>) -> OutputFault?
    private let onFault: @Sendable (OutputFault) -> Void
    private let threadBox = Mutex<RealtimeThread?>(nil)
    private let realtime = Atomic<Bool>(false)
    // Written by the loop, read after it on the same thread.
    private var end: RenderLoopEnd<Device.Failure> = .stopRequested

    private init(loop: RenderLoop<Device>, stop: StopFlag,
                 describe: @escaping @Sendable (RenderLoopEnd<Device.Failure>) -> OutputFault?,
                 onFault: @escaping @Sendable (OutputFault) -> Void) {
        self.loop = loop
        self.stopFlag = stop
        self.describe = describe
        self.onFault = onFault
    }

    /// Starts a render thread running `loop`, which stops when `stop` is requested.
    ///
    /// - Parameters:
    ///   - describe: the fault a loop that ended by itself reports (`nil`: none).
    ///   - onFault: called once with it, from the render thread after the loop.
    /// - Throws: the error of ``RealtimeThread/start(name:priority:body:)``.
    public static func start(loop: RenderLoop<Device>, stop: StopFlag, priority: Int32?,
                             describe: @escaping @Sendable (RenderLoopEnd<Device.Failure>) -> OutputFault?,
                             onFault: @escaping @Sendable (OutputFault) -> Void) throws -> RenderThreadHost {
        let host = RenderThreadHost(loop: loop, stop: stop, describe: describe, onFault: onFault)
        let thread = try RealtimeThread.start(priority: priority, body: host)
        host.realtime.store(thread.isRealtime, ordering: .relaxed)
        host.threadBox.withLock { $0 = thread }
        return host
    }

    /// Whether the render thread runs with real-time scheduling.
    public var isRealtime: Bool { realtime.load(ordering: .relaxed) }

    /// Asks the loop to stop and waits for the thread. Idempotent.
    public func stop() {
        stopFlag.request()
        // Taking the thread out breaks the cycle host → thread → body (the host).
        let thread = threadBox.withLock { box -> RealtimeThread? in
            defer { box = nil }
            return box
        }
        thread?.join()
    }

    public func run(on thread: RealtimeThread) {
        end = loop.run()
    }

    public func loopDidEnd(on thread: RealtimeThread) {
        guard !stopFlag.isRequested, let fault = describe(end) else { return }
        onFault(fault)
    }
}
