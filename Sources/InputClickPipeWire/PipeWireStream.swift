import CPipeWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick
import Synchronization

/// One PipeWire playback stream, the pull device of a ``RenderStream``, connected while a
/// keyboard is visible: its own thread loop, context and connection, and an autoconnected
/// `pw_stream` processed on the real-time data loop (``PipeWireRenderTarget/process()``).
/// Nothing in the graph changes until ``close()``: a tap only reaches the mixer.
final class PipeWireStream: PullRenderDevice, @unchecked Sendable {
    /// With the period and buffer the server granted, once the open returned.
    private(set) var format: OutputFormat
    var isRealtime: Bool { render.isRealtime }

    private let library: PipeWireLibrary
    private let threadLoop: OpaquePointer
    private let context: OpaquePointer
    private let render: PipeWireRenderTarget
    private let monitor: PipeWireStreamMonitor
    private var core: OpaquePointer?
    private var stream: OpaquePointer?
    private let listeners = PipeWireListeners()
    private let isClosed = Atomic<Bool>(false)
    private var loopRunning = false

    /// Connects and waits until the stream streams; blocks at most about `connectTimeoutNanoseconds`.
    ///
    /// - Throws: ``PipeWireError`` naming the failed call, or
    ///   ``PipeWireError/noAnswer(waitingFor:milliseconds:)`` when the server does not answer in time.
    init(library: PipeWireLibrary, entry: PullRenderEntry, properties: StreamProperties, remote: String?,
         threadName: String, connectTimeoutNanoseconds: UInt64) throws(PipeWireError) {
        self.library = library
        format = entry.format
        render = PipeWireRenderTarget(library: library, entry: entry, threadName: threadName)

        guard let threadLoop = library.newThreadLoop(named: "inputclick-pw") else {
            throw PipeWireError.failed("pw_thread_loop_new", code: errno)
        }
        self.threadLoop = threadLoop
        monitor = PipeWireStreamMonitor(library: library, threadLoop: threadLoop, entry: entry, render: render)
        guard let context = library.newContext(library.loop(of: threadLoop), library.newProperties(properties.context)) else {
            let code = errno
            library.destroyThreadLoop(threadLoop)
            throw PipeWireError.failed("pw_context_new", code: code)
        }
        self.context = context
        do throws(PipeWireError) {
            try connect(properties: properties, remote: remote, timeoutNanoseconds: connectTimeoutNanoseconds)
        } catch {
            // deinit runs for an init that throws here: it must not tear down again.
            isClosed.store(true, ordering: .releasing)
            tearDown()
            throw error
        }
    }

    deinit {
        close()
    }

    private func connect(properties: StreamProperties, remote: String?, timeoutNanoseconds: UInt64) throws(PipeWireError) {
        let code = library.startThreadLoop(threadLoop)
        guard code >= 0 else { throw .failed("pw_thread_loop_start", code: code) }
        loopRunning = true
        library.lock(threadLoop)
        defer { library.unlock(threadLoop) }
        let monitorData = Unmanaged.passUnretained(monitor).toOpaque()
        _ = library.addRepeatingTimer(library.loop(of: threadLoop), PipeWireStreamMonitor.timerCallback, monitorData,
                                      intervalNanoseconds: PipeWireStreamMonitor.watchdogIntervalNanoseconds)
        let remoteProperties = remote.map { [(key: PW_KEY_REMOTE_NAME, value: $0)] } ?? []
        guard let core = library.connect(context, library.newProperties(remoteProperties)) else {
            throw .failed("pw_context_connect", code: errno)
        }
        self.core = core
        listeners.coreEvents.pointee.version = UInt32(PW_VERSION_CORE_EVENTS)
        listeners.coreEvents.pointee.error = PipeWireStreamMonitor.coreErrorCallback
        library.addListener(core: core, listeners.coreHook, listeners.coreEvents, monitorData)

        let streamProperties = properties.stream(latencyFrames: format.periodFrames, sampleRate: format.sampleRate)
        guard let stream = library.newStream(core, named: properties.streamName, library.newProperties(streamProperties)) else {
            throw .failed("pw_stream_new", code: errno)
        }
        self.stream = stream
        let firstCycle = library.addEvent(library.loop(of: threadLoop), PipeWireStreamMonitor.firstCycleCallback, monitorData)
        render.attach(stream, firstCycleEvent: firstCycle, on: library.loop(of: threadLoop))
        listeners.stateEvents.pointee.version = UInt32(PW_VERSION_STREAM_EVENTS)
        listeners.stateEvents.pointee.state_changed = PipeWireStreamMonitor.stateCallback
        library.addListener(stream: stream, listeners.stateHook, listeners.stateEvents, monitorData)
        listeners.processEvents.pointee.version = UInt32(PW_VERSION_STREAM_EVENTS)
        listeners.processEvents.pointee.process = { data in
            guard let data else { return }
            Unmanaged<PipeWireRenderTarget>.fromOpaque(data).takeUnretainedValue().process()
        }
        library.addListener(stream: stream, listeners.processHook, listeners.processEvents, Unmanaged.passUnretained(render).toOpaque())

        let podBytes = 1024
        let pod = UnsafeMutableRawPointer.allocate(byteCount: podBytes, alignment: 8)
        defer { pod.deallocate() }
        guard let parameter = inputclick_pw_audio_format(pod, UInt32(podBytes), UInt32(format.sampleRate), UInt32(format.channels)) else {
            throw .callFailed(call: "spa_format_audio_raw_build", errno: EINVAL, text: "cannot describe \(format.channels) channels")
        }
        let flags = pw_stream_flags(PW_STREAM_FLAG_AUTOCONNECT.rawValue | PW_STREAM_FLAG_MAP_BUFFERS.rawValue
                                        | PW_STREAM_FLAG_RT_PROCESS.rawValue)
        let connected = library.connectPlayback(stream, flags: flags, format: parameter)
        guard connected >= 0 else { throw .failed("pw_stream_connect", code: connected) }

        var deadline = library.deadline(threadLoop, inNanoseconds: timeoutNanoseconds)
        // Streaming, and the graph's first cycle ran: what it granted is known.
        while monitor.state != PW_STREAM_STATE_STREAMING || render.granted == nil {
            if let failure = monitor.failure { throw failure }
            guard library.wait(threadLoop, until: &deadline) else {
                if let failure = monitor.failure { throw failure }
                let waitingFor = switch monitor.state {
                case PW_STREAM_STATE_STREAMING: "the graph's first cycle"
                case PW_STREAM_STATE_PAUSED: "the stream to be linked to a sink and started"
                default: "an answer to the connection"
                }
                throw .noAnswer(waitingFor: waitingFor, milliseconds: Int(timeoutNanoseconds / 1_000_000))
            }
        }
        if let granted = render.granted {
            format.periodFrames = granted.periodFrames
            format.bufferFrames = granted.bufferFrames
        }
    }

    func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        tearDown()
    }

    private func tearDown() {
        if loopRunning { library.lock(threadLoop) }
        if let stream {
            library.disconnect(stream: stream)
            library.destroy(stream: stream)
            self.stream = nil
        }
        if let core {
            library.remove(listeners.coreHook)
            library.disconnect(core: core)
            self.core = nil
        }
        if loopRunning {
            library.unlock(threadLoop)
            library.stopThreadLoop(threadLoop)
            loopRunning = false
        }
        library.destroyContext(context)
        library.destroyThreadLoop(threadLoop)
    }
}
