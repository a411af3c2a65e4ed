import CPipeWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

/// Watches a PipeWire stream from its thread loop (callbacks and members with the loop's
/// lock held) and reports faults to the stream's ``PullRenderEntry``:
/// - state `error`, `unconnected` after streaming, or the server closing the connection
///   (``OutputFault/Kind/deviceLost`` when the server went away);
/// - a watchdog every ``watchdogIntervalNanoseconds`` asks the entry for a stall
///   (``PullRenderEntry/checkStall(now:)``).
/// The graph's first cycle signals an event that wakes an open waiting for the grant
/// (the watchdog sees it too, should the event not exist).
final class PipeWireStreamMonitor: @unchecked Sendable {
    static let watchdogIntervalNanoseconds: UInt64 = 50_000_000

    private let library: PipeWireLibrary
    private let threadLoop: OpaquePointer
    private let entry: PullRenderEntry
    private let render: PipeWireRenderTarget
    private var sawFirstCycle = false

    /// In state `error`, with ``stateError``.
    private(set) var state = PW_STREAM_STATE_CONNECTING
    private(set) var stateError: String?
    private(set) var hasStreamed = false
    /// With its code (negative errno).
    private(set) var connectionError: (code: Int32, message: String)?

    init(library: PipeWireLibrary, threadLoop: OpaquePointer, entry: PullRenderEntry, render: PipeWireRenderTarget) {
        self.library = library
        self.threadLoop = threadLoop
        self.entry = entry
        self.render = render
    }

    /// For an open that fails, and under a fault.
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
        wakeAnOpenAfterTheFirstCycle()
        entry.checkStall(now: entry.clock.now())
    }

    /// Wakes an open waiting for the graph's first cycle, once.
    func wakeAnOpenAfterTheFirstCycle() {
        guard !sawFirstCycle && render.granted != nil else { return }
        sawFirstCycle = true
        library.signal(threadLoop)
    }

    private func fault(_ kind: OutputFault.Kind, _ message: String) {
        entry.fail(kind, message: message, underlying: failure)
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

    static let firstCycleCallback: @convention(c) (UnsafeMutableRawPointer?, UInt64) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<PipeWireStreamMonitor>.fromOpaque(data).takeUnretainedValue().wakeAnOpenAfterTheFirstCycle()
    }

    static let timerCallback: @convention(c) (UnsafeMutableRawPointer?, UInt64) -> Void = { data, _ in
        guard let data else { return }
        Unmanaged<PipeWireStreamMonitor>.fromOpaque(data).takeUnretainedValue().watchdog()
    }
}
