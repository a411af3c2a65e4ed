import CPipeWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// Watches a PipeWire stream from its thread loop: the stream's state, the
/// connection's errors, and a watchdog timer; it reports a failure of a
/// started stream once, as an ``OutputFault``, after stopping the rendering.
///
/// - The stream's state turning `error`, or `unconnected` after it streamed,
///   and the server closing the connection (`EPIPE` on the core), are faults
///   (``OutputFault/Kind/deviceLost`` when the server went away).
/// - The graph's first cycle for the stream wakes an open waiting for what
///   the server granted (the watchdog sees it).
/// - A started stream that the server has not asked for audio for
///   ``stallTimeoutNanoseconds`` (a frozen server, a graph that stopped) is
///   ``OutputFault/Kind/stalled``.
///
/// Thread context: its callbacks run on the thread loop's thread with the
/// loop's lock held; its other members are used with that lock held too.
final class PipeWireStreamMonitor: @unchecked Sendable {
    /// How often the watchdog looks.
    static let watchdogIntervalNanoseconds: UInt64 = 50_000_000

    private let library: PipeWireLibrary
    private let threadLoop: OpaquePointer
    private let render: PipeWireRenderTarget
    let stallTimeoutNanoseconds: UInt64

    /// The stream's last state, and its error text in state `error`.
    private(set) var state = PW_STREAM_STATE_CONNECTING
    private(set) var stateError: String?
    /// Whether the stream has streamed since it connected.
    private(set) var hasStreamed = false
    /// The server's error on the connection, with its code (negative errno), if any.
    private(set) var connectionError: (code: Int32, message: String)?
    private var onFault: (@Sendable (OutputFault) -> Void)?
    private var startedAt: UInt64 = 0
    private var faulted = false
    private var sawFirstCycle = false

    init(library: PipeWireLibrary, threadLoop: OpaquePointer, render: PipeWireRenderTarget, stallTimeoutNanoseconds: UInt64) {
        self.library = library
        self.threadLoop = threadLoop
        self.render = render
        self.stallTimeoutNanoseconds = stallTimeoutNanoseconds
    }

    /// The stream renders from now on; faults go to `onFault`.
    func started(onFault: @escaping @Sendable (OutputFault) -> Void) {
        startedAt = MonotonicClock.now()
        self.onFault = onFault
    }

    /// Reports nothing any more (the stream is closing).
    func closing() {
        faulted = true
        onFault = nil
    }

    /// Why the stream cannot go on, if it cannot: for an open that fails, or a start on a stream that already failed.
    var failure: PipeWireError? {
        if let connectionError {
            return .callFailed(call: "pw_context_connect", errno: -connectionError.code, text: connectionError.message)
        }
        if state == PW_STREAM_STATE_ERROR {
            return .callFailed(call: "pw_stream_connect", errno: EIO, text: stateError ?? "the stream failed")
        }
        if state == PW_STREAM_STATE_UNCONNECTED && hasStreamed {
            return .callFailed(call: "pw_stream_connect", errno: EPIPE, text: "the stream was disconnected")
        }
        return nil
    }

    // MARK: Loop thread

    func stateChanged(to newState: pw_stream_state, error: UnsafePointer<CChar>?) {
        state = newState
        if newState == PW_STREAM_STATE_STREAMING { hasStreamed = true }
        if newState == PW_STREAM_STATE_ERROR { stateError = error.map { String(cString: $0) } }
        library.signal(threadLoop)
        switch newState {
        case PW_STREAM_STATE_ERROR:
            fault(connectionError == nil ? .failed : .deviceLost,
                  "the PipeWire stream failed: \(stateError ?? "no reason given")")
        case PW_STREAM_STATE_UNCONNECTED where hasStreamed:
            fault(.deviceLost, "the PipeWire stream was disconnected from the server")
        default:
            break
        }
    }

    func coreError(id: UInt32, code: Int32, message: UnsafePointer<CChar>?) {
        // Errors about other objects reach the stream as its own state.
        guard id == UInt32(PW_ID_CORE) else { return }
        let text = message.map { String(cString: $0) } ?? "no reason given"
        connectionError = (code, text)
        library.signal(threadLoop)
        fault(.deviceLost, "the PipeWire server closed the connection: \(text)")
    }

    func watchdog() {
        if !sawFirstCycle && render.granted != nil {
            // An open waits for the graph's first cycle (what it granted): wake it.
            sawFirstCycle = true
            library.signal(threadLoop)
        }
        guard onFault != nil, !faulted else { return }
        let last = max(render.lastProcessAt, startedAt)
        let now = MonotonicClock.now()
        guard now > last, now - last > stallTimeoutNanoseconds else { return }
        fault(.stalled, "the PipeWire server has asked for no audio for \((now - last) / 1_000_000) ms")
    }

    private func fault(_ kind: OutputFault.Kind, _ message: String) {
        guard !faulted, let onFault else { return }
        faulted = true
        render.stopRendering()
        onFault(OutputFault(kind: kind, message: message, underlying: failure))
    }

    // MARK: C callbacks (data: an unretained PipeWireStreamMonitor)

    static let stateCallback: @convention(c) (UnsafeMutableRawPointer?, pw_stream_state, pw_stream_state, UnsafePointer<CChar>?) -> Void = {
        data, _, state, error in
        guard let data else { return }
        Unmanaged<PipeWireStreamMonitor>.fromOpaque(data).takeUnretainedValue().stateChanged(to: state, error: error)
    }

    static let coreErrorCallback: @convention(c) (UnsafeMutableRawPointer?, UInt32, Int32, Int32, UnsafePointer<CChar>?) -> Void = {
        data, id, _, code, message in
        guard let data else { return }
        Unmanaged<PipeWireStreamMonitor>.fromOpaque(data).takeUnretainedValue().coreError(id: id, code: code, message: message)
    }

    static let timerCallback: @convention(c) (UnsafeMutableRawPointer?, UInt64) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<PipeWireStreamMonitor>.fromOpaque(data).takeUnretainedValue().watchdog()
    }
}
