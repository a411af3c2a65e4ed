#if canImport(Glibc)
import Glibc
#endif
import CPulseAudio
import InputClick

/// The one place libpulse is called: a non-threaded `pa_mainloop`, a
/// context connected to the server and one playback stream, each call
/// checked and turned into a ``PulseAudioOutputError`` that names it and
/// carries `pa_strerror`'s text.
///
/// The main loop is not thread-safe and needs none: the control thread
/// opens (``connect(server:properties:spec:attributes:timeoutMilliseconds:)``),
/// then the render thread alone iterates it, writes and waits, and the
/// control thread closes after joining it. No mainloop lock exists, so none
/// is taken on the render thread.
///
/// # Real-time context
/// ``write(_:bytes:seekOffset:onRead:)``, ``iterate(timeoutMicroseconds:)``
/// and ``failure(_:)`` allocate nothing of ours; libpulse's own dispatch
/// allocates packets as the server's replies come in, as it does under
/// alsa-lib's pulse plugin.
///
/// Thread context: one thread at a time, as above.
final class PulseAudioCalls: @unchecked Sendable {
    private let api: inputclick_pulse_api
    private let mainloop: OpaquePointer
    private var context: OpaquePointer?
    private(set) var stream: OpaquePointer?
    private var wakeupEvent: OpaquePointer?

    /// Makes a main loop; nothing connects yet.
    init(library: PulseAudioLibrary) throws(PulseAudioOutputError) {
        api = library.api
        guard let loop = api.pa_mainloop_new!() else {
            throw .callFailed(call: "pa_mainloop_new", code: Int32(PA_ERR_INTERNAL.rawValue), text: "out of memory")
        }
        mainloop = loop
    }

    deinit { close() }

    /// `pa_strerror`'s text for `code`.
    func text(_ code: Int32) -> String {
        guard let text = api.pa_strerror!(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The context's last error, for `call`.
    func contextError(_ call: String) -> PulseAudioOutputError {
        let code = context.map { api.pa_context_errno!($0) } ?? Int32(PA_ERR_BADSTATE.rawValue)
        return .callFailed(call: call, code: code, text: text(code))
    }

    /// Connects the context to `server` (`nil`: the one libpulse finds
    /// itself, from `$PULSE_SERVER`, the client configuration or the
    /// runtime directory's socket; never spawning one), then the playback
    /// stream, iterating the main loop until both are ready, one fails or
    /// `timeoutMilliseconds` pass.
    ///
    /// Thread context: a control thread; blocks up to the time limit.
    func connect(server: String?, properties: [(String, String)], streamName: String, spec: pa_sample_spec,
                 attributes: pa_buffer_attr, timeoutMilliseconds: Int,
                 onRequest: pa_stream_request_cb_t, userdata: UnsafeMutableRawPointer) throws(PulseAudioOutputError) {
        let deadline = MonotonicClock.now() + UInt64(max(1, timeoutMilliseconds)) * 1_000_000
        guard let list = api.pa_proplist_new!() else { throw contextError("pa_proplist_new") }
        defer { api.pa_proplist_free!(list) }
        for (key, value) in properties { _ = api.pa_proplist_sets!(list, key, value) }
        let name = properties.first { $0.0 == PA_PROP_APPLICATION_NAME }?.1 ?? "InputClick"
        context = api.pa_context_new_with_proplist!(api.pa_mainloop_get_api!(mainloop), name, list)
        guard let context else {
            throw .callFailed(call: "pa_context_new_with_proplist", code: Int32(PA_ERR_INTERNAL.rawValue),
                              text: text(Int32(PA_ERR_INTERNAL.rawValue)))
        }
        guard api.pa_context_connect!(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            throw contextError("pa_context_connect")
        }
        try waitUntil(deadline: deadline, call: "pa_context_connect", timeoutMilliseconds: timeoutMilliseconds) {
            (calls) throws(PulseAudioOutputError) -> Bool in
            let state = calls.api.pa_context_get_state!(context)
            if state == PA_CONTEXT_READY { return true }
            if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED { throw calls.contextError("pa_context_connect") }
            return false
        }
        var sampleSpec = spec
        stream = api.pa_stream_new_with_proplist!(context, streamName, &sampleSpec, nil, list)
        guard let stream else { throw contextError("pa_stream_new_with_proplist") }
        api.pa_stream_set_write_callback!(stream, onRequest, userdata)
        var attr = attributes
        // Latency adjusted to the request: the server sizes the sink's own
        // buffer from tlength. Never started corked, never corked after.
        let flags = PA_STREAM_NOFLAGS
        guard api.pa_stream_connect_playback!(stream, nil, &attr, flags, nil, nil) >= 0 else {
            throw contextError("pa_stream_connect_playback")
        }
        try waitUntil(deadline: deadline, call: "pa_stream_connect_playback", timeoutMilliseconds: timeoutMilliseconds) {
            (calls) throws(PulseAudioOutputError) -> Bool in
            let state = calls.api.pa_stream_get_state!(stream)
            if state == PA_STREAM_READY { return true }
            if state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED {
                throw calls.contextError("pa_stream_connect_playback")
            }
            return false
        }
    }

    /// The buffer sizes the server granted.
    var grantedAttributes: pa_buffer_attr? {
        guard let stream, let attr = api.pa_stream_get_buffer_attr!(stream) else { return nil }
        return attr.pointee
    }

    private func waitUntil(deadline: UInt64, call: String, timeoutMilliseconds: Int,
                           _ done: (PulseAudioCalls) throws(PulseAudioOutputError) -> Bool) throws(PulseAudioOutputError) {
        while try !done(self) {
            let now = MonotonicClock.now()
            guard now < deadline else { throw .timedOut(call: call, milliseconds: timeoutMilliseconds) }
            let remaining = Int32(clamping: (deadline - now) / 1000)
            _ = try iterate(timeoutMicroseconds: remaining)
        }
    }

    /// Registers `descriptor` (the render thread's wake-up) as an I/O event
    /// of the main loop, watched while ``watchWakeup(_:)`` says so; `callback`
    /// runs during ``iterate(timeoutMicroseconds:)`` when it is readable.
    ///
    /// Thread context: a control thread, before the render thread starts.
    func addWakeup(_ descriptor: Int32, callback: pa_io_event_cb_t, userdata: UnsafeMutableRawPointer) {
        let mainloopAPI = api.pa_mainloop_get_api!(mainloop)!
        wakeupEvent = mainloopAPI.pointee.io_new(mainloopAPI, descriptor, PA_IO_EVENT_NULL, callback, userdata)
    }

    /// Watches the wake-up descriptor for input, or stops watching it.
    func watchWakeup(_ watched: Bool) {
        guard let wakeupEvent else { return }
        let mainloopAPI = api.pa_mainloop_get_api!(mainloop)!
        mainloopAPI.pointee.io_enable(wakeupEvent, watched ? PA_IO_EVENT_INPUT : PA_IO_EVENT_NULL)
    }

    /// One turn of the main loop: waits up to `timeoutMicroseconds`
    /// (0: not at all; -1: no limit) for the server's messages or a watched
    /// descriptor, and dispatches what came. Returns how many sources were dispatched.
    func iterate(timeoutMicroseconds: Int32) throws(PulseAudioOutputError) -> Int32 {
        guard api.pa_mainloop_prepare!(mainloop, timeoutMicroseconds) >= 0 else { throw contextError("pa_mainloop_prepare") }
        guard api.pa_mainloop_poll!(mainloop) >= 0 else {
            // poll(2) failed: its errno, not the context's last PulseAudio error.
            let code = errno
            guard code != 0 else { throw contextError("pa_mainloop_poll") }
            throw .systemCallFailed(call: "pa_mainloop_poll", errno: code, text: String(cString: strerror(code)))
        }
        let dispatched = api.pa_mainloop_dispatch!(mainloop)
        guard dispatched >= 0 else { throw contextError("pa_mainloop_dispatch") }
        return dispatched
    }

    /// The error that ended the context or the stream, if either has failed.
    func failure() -> PulseAudioOutputError? {
        guard let context else { return nil }
        let contextState = api.pa_context_get_state!(context)
        if contextState == PA_CONTEXT_FAILED || contextState == PA_CONTEXT_TERMINATED {
            return contextError("pa_context (the server connection)")
        }
        if let stream {
            let state = api.pa_stream_get_state!(stream)
            if state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED { return contextError("pa_stream (the playback stream)") }
        }
        return nil
    }

    /// Writes `bytes` at the write index moved by `seekOffset` bytes, or,
    /// when `onRead`, at the server's read index (`PA_SEEK_RELATIVE_ON_READ`).
    /// libpulse copies the data.
    func write(_ data: UnsafeRawPointer, bytes: Int, seekOffset: Int64, onRead: Bool) throws(PulseAudioOutputError) {
        guard let stream else { throw contextError("pa_stream_write") }
        let seek = onRead ? PA_SEEK_RELATIVE_ON_READ : PA_SEEK_RELATIVE
        guard api.pa_stream_write!(stream, data, bytes, nil, seekOffset, seek) >= 0 else {
            throw contextError("pa_stream_write")
        }
    }

    /// Disconnects the stream and the context and frees the main loop.
    /// Sends the server nothing it must answer, so it returns at once even
    /// when the server is frozen or gone. Idempotent.
    ///
    /// Thread context: a control thread, after the render thread has stopped.
    func close() {
        if let wakeupEvent {
            let mainloopAPI = api.pa_mainloop_get_api!(mainloop)!
            mainloopAPI.pointee.io_free(wakeupEvent)
            self.wakeupEvent = nil
        }
        if let stream {
            api.pa_stream_set_write_callback!(stream, nil, nil)
            _ = api.pa_stream_disconnect!(stream)
            api.pa_stream_unref!(stream)
            self.stream = nil
        }
        if let context {
            api.pa_context_disconnect!(context)
            api.pa_context_unref!(context)
            self.context = nil
        }
        if !mainloopFreed {
            api.pa_mainloop_free!(mainloop)
            mainloopFreed = true
        }
    }

    private var mainloopFreed = false
}
