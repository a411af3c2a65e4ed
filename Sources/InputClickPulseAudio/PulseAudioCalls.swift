#if canImport(Glibc)
import Glibc
#endif
import CPulseAudio
import InputClick
import Synchronization

/// The one place libpulse is called: a non-threaded `pa_mainloop`, a
/// context connected to the server and one playback stream, each call
/// checked and turned into a ``PulseAudioOutputError`` that names it and
/// carries `pa_strerror`'s text.
///
/// The control thread opens (``connect(server:properties:streamName:spec:attributes:timeoutMilliseconds:)``),
/// iterating the main loop itself, and then hands the loop to a thread of
/// its own, the libpulse thread (``serviceThreadName``), which does all the
/// protocol work from then on: it iterates the loop, answers the server,
/// records when the server asks for audio (``lastRequestAt``) and when the
/// stream ran dry (``lastUnderflowAt``), and makes the
/// `pa_stream_write` calls the render thread queued in ``writes``. The
/// control thread closes after stopping it. The main loop is never used by
/// two threads at once, so it needs no lock. The libpulse thread keeps
/// normal scheduling: with SCHED_FIFO it measured no sooner (tap to sound
/// in the server's monitor, load average 17 on 2 cores), and the render
/// thread never waits for it.
///
/// # Real-time context
/// The render thread calls only ``queueWrite(_:bytes:placement:)``,
/// ``lastRequestAt``, ``lastUnderflowAt``, ``failure()`` and ``waitForWakeup(_:timeoutMilliseconds:)``:
/// atomics, a copy into the preallocated ring, `poll(2)` and, when the
/// libpulse thread sleeps, one non-blocking `write(2)` to its eventfd.
/// libpulse itself (which allocates and locks in its dispatch and writes)
/// runs only on the libpulse thread.
///
/// Thread context: as above, per member.
final class PulseAudioCalls: @unchecked Sendable {
    /// The name of the libpulse thread.
    static let serviceThreadName = "inputclick-pa"

    private let api: inputclick_pulse_api
    private let mainloop: OpaquePointer
    private var context: OpaquePointer?
    private var stream: OpaquePointer?
    /// Wakes the libpulse thread: a queued write, or ``close()``.
    private let serviceWakeup: RenderWakeup
    /// Readable once the libpulse thread has recorded a failure.
    private let faultSignal: RenderWakeup
    private var serviceEvent: OpaquePointer?
    private var serviceThread: RealtimeThread?
    private let quitting = Atomic<Bool>(false)
    /// The clock the server's asks and underflows are stamped by: the stream's (its request's).
    let clock: ClickClock
    private let requestedAt = Atomic<UInt64>(0)
    private let underflowedAt = Atomic<UInt64>(0)
    private let failed = Atomic<Bool>(false)
    /// Written once by the libpulse thread before ``failed`` is set; read after it.
    private var recordedFailure: PulseAudioOutputError?
    /// The render thread's writes, made at connect (one period per slot).
    private(set) var writes: PulseAudioWriteRing?
    /// The render thread's poll set: the fault descriptor, then the mixer's
    /// wake-up. Made here, so that the render thread instantiates no type metadata for it.
    private let pollSet: UnsafeMutablePointer<pollfd>

    /// Makes a main loop and the two wake-ups; nothing connects yet.
    init(library: PulseAudioLibrary, clock: ClickClock) throws(PulseAudioOutputError) {
        api = library.api
        self.clock = clock
        do {
            serviceWakeup = try RenderWakeup()
            faultSignal = try RenderWakeup()
        } catch {
            throw .systemCallFailed(call: "eventfd", errno: error.code, text: String(cString: strerror(error.code)))
        }
        guard let loop = api.pa_mainloop_new!() else {
            throw .callFailed(call: "pa_mainloop_new", code: Int32(PA_ERR_INTERNAL.rawValue), text: "out of memory")
        }
        mainloop = loop
        pollSet = .allocate(capacity: 2)
        pollSet.initialize(repeating: pollfd(fd: faultSignal.fileDescriptor, events: Int16(POLLIN), revents: 0), count: 2)
    }

    deinit {
        close()
        pollSet.deallocate()
    }

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
    /// `timeoutMilliseconds` pass; waits, within the same time, until the
    /// server mixes the stream in (``waitUntilMixed(_:silenceBytes:deadline:)``);
    /// then makes ``writes`` (a slot per
    /// `minreq` bytes, twice the `tlength` and two more) and starts the
    /// libpulse thread.
    ///
    /// Thread context: a control thread, once; blocks up to the time limit.
    func connect(server: String?, properties: [(String, String)], streamName: String, spec: pa_sample_spec,
                 attributes: pa_buffer_attr, timeoutMilliseconds: Int) throws(PulseAudioOutputError) {
        // The connection's time limit is real time, whatever clock the stream runs on.
        let deadline = ClickClock.monotonic.now() + UInt64(max(1, timeoutMilliseconds)) * 1_000_000
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
        // The server asks for audio every minreq bytes it plays: the time of
        // the last ask tells the render thread's play-position model that it still plays.
        let onRequest: pa_stream_request_cb_t = { _, _, userdata in
            guard let userdata else { return }
            let calls = Unmanaged<PulseAudioCalls>.fromOpaque(userdata).takeUnretainedValue()
            calls.requestedAt.store(calls.clock.now(), ordering: .releasing)
        }
        api.pa_stream_set_write_callback!(stream, onRequest, Unmanaged.passUnretained(self).toOpaque())
        // The server says when the stream ran dry: it has played all it had.
        let onUnderflow: pa_stream_notify_cb_t = { _, userdata in
            guard let userdata else { return }
            let calls = Unmanaged<PulseAudioCalls>.fromOpaque(userdata).takeUnretainedValue()
            calls.underflowedAt.store(calls.clock.now(), ordering: .releasing)
        }
        api.pa_stream_set_underflow_callback!(stream, onUnderflow, Unmanaged.passUnretained(self).toOpaque())
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
        try waitUntilMixed(stream, silenceBytes: Int(attributes.prebuf), deadline: deadline)
        let slotBytes = Int(max(1, attributes.minreq))
        writes = PulseAudioWriteRing(slotBytes: slotBytes, slotCount: 2 * Int(attributes.tlength) / slotBytes + 2)
        // The wake-up as an I/O event of the loop, so that a queued write
        // (or close) ends the libpulse thread's poll; nothing to do in it.
        let mainloopAPI = api.pa_mainloop_get_api!(mainloop)!
        serviceEvent = mainloopAPI.pointee.io_new(mainloopAPI, serviceWakeup.fileDescriptor, PA_IO_EVENT_INPUT,
                                                  { _, _, _, _, _ in }, nil)
        do {
            serviceThread = try RealtimeThread.start(name: Self.serviceThreadName, priority: nil,
                                                     body: ServiceLoop(calls: self))
        } catch {
            let code = (error as? RealtimeThreadError)?.code ?? EAGAIN
            throw .systemCallFailed(call: "pthread_create", errno: code, text: String(cString: strerror(code)))
        }
    }

    /// Writes `silenceBytes` of silence (the prebuf: the stream starts on
    /// it) and iterates the main loop until the server starts playing the
    /// stream or asks for more, the stream or the context fails, or
    /// `deadline` passes (then it returns: the render thread's stall
    /// detection remains).
    ///
    /// A healthy server may take seconds to mix a new stream in: PulseAudio
    /// 16's null sink renders 2 s ahead while no stream asks for less, and a
    /// stream connecting then can rewind it only as far as its own latency,
    /// so nothing it writes plays, and the server asks for nothing, until
    /// that block has played out (measured on a freshly started server: 1.2 s,
    /// while it answered every timing query at once). The render thread takes
    /// the server's asks as its sign of life (``lastRequestAt``), and read
    /// such a wait as a frozen server; a tap in it sounded seconds late or not
    /// at all. Waiting here moves that wait into the open, where taps are held
    /// (``LivenessPolicy/holdLimitNanoseconds``), and makes it once per stream:
    /// from then on the sink renders no further ahead than this stream asks.
    /// On a server that mixes at once it costs a round trip and a period.
    ///
    /// Thread context: the control thread, while connecting.
    private func waitUntilMixed(_ stream: OpaquePointer, silenceBytes: Int, deadline: UInt64) throws(PulseAudioOutputError) {
        let onStarted: pa_stream_notify_cb_t = { _, userdata in
            guard let userdata else { return }
            Unmanaged<PulseAudioCalls>.fromOpaque(userdata).takeUnretainedValue().mixedWhileConnecting = true
        }
        api.pa_stream_set_started_callback!(stream, onStarted, Unmanaged.passUnretained(self).toOpaque())
        defer { api.pa_stream_set_started_callback!(stream, nil, nil) }
        let askedBefore = lastRequestAt
        let silence = [UInt8](repeating: 0, count: max(1, silenceBytes))
        let written = silence.withUnsafeBytes {
            api.pa_stream_write!(stream, $0.baseAddress, $0.count, nil, 0, PA_SEEK_RELATIVE_ON_READ)
        }
        guard written >= 0 else { throw contextError("pa_stream_write") }
        do {
            try waitUntil(deadline: deadline, call: "pa_stream_write", timeoutMilliseconds: 0) {
                (calls) throws(PulseAudioOutputError) -> Bool in
                if calls.mixedWhileConnecting || calls.lastRequestAt != askedBefore { return true }
                if let failure = calls.connectionFailure() { throw failure }
                return false
            }
        } catch .timedOut {
            // Past the deadline: open anyway, the stall detection remains.
        }
    }

    /// Set by the started callback while ``waitUntilMixed(_:silenceBytes:deadline:)`` waits.
    private var mixedWhileConnecting = false

    /// The buffer sizes the server granted.
    var grantedAttributes: pa_buffer_attr? {
        guard let stream, let attr = api.pa_stream_get_buffer_attr!(stream) else { return nil }
        return attr.pointee
    }

    private func waitUntil(deadline: UInt64, call: String, timeoutMilliseconds: Int,
                           _ done: (PulseAudioCalls) throws(PulseAudioOutputError) -> Bool) throws(PulseAudioOutputError) {
        while try !done(self) {
            let now = ClickClock.monotonic.now()
            guard now < deadline else { throw .timedOut(call: call, milliseconds: timeoutMilliseconds) }
            let remaining = Int32(clamping: (deadline - now) / 1000)
            _ = try iterate(timeoutMicroseconds: remaining)
        }
    }

    /// One turn of the main loop: waits up to `timeoutMicroseconds`
    /// (0: not at all; -1: no limit) for the server's messages or a watched
    /// descriptor, and dispatches what came. Returns how many sources were
    /// dispatched. With `sleeper`, calls its ``RenderWakeup/finishSleeping()``
    /// as soon as the wait ends.
    ///
    /// Thread context: the control thread while connecting, the libpulse thread after.
    private func iterate(timeoutMicroseconds: Int32, sleeper: RenderWakeup? = nil) throws(PulseAudioOutputError) -> Int32 {
        guard api.pa_mainloop_prepare!(mainloop, timeoutMicroseconds) >= 0 else {
            sleeper?.finishSleeping()
            throw contextError("pa_mainloop_prepare")
        }
        let polled = api.pa_mainloop_poll!(mainloop)
        let code = errno
        sleeper?.finishSleeping()
        guard polled >= 0 else {
            // poll(2) failed: its errno, not the context's last PulseAudio error.
            guard code != 0 else { throw contextError("pa_mainloop_poll") }
            throw .systemCallFailed(call: "pa_mainloop_poll", errno: code, text: String(cString: strerror(code)))
        }
        let dispatched = api.pa_mainloop_dispatch!(mainloop)
        guard dispatched >= 0 else { throw contextError("pa_mainloop_dispatch") }
        return dispatched
    }

    /// The libpulse thread's body.
    private final class ServiceLoop: RealtimeThreadBody {
        let calls: PulseAudioCalls
        init(calls: PulseAudioCalls) { self.calls = calls }
        func run(on thread: RealtimeThread) { calls.serve() }
    }

    /// The libpulse thread: sends the queued writes, then sleeps in the main
    /// loop until the server says something or a write (or close) wakes it,
    /// until ``close()`` or a failure, which it records for ``failure()``
    /// and signals to ``waitForWakeup(_:timeoutMilliseconds:)``.
    private func serve() {
        guard let writes else { return }
        do throws(PulseAudioOutputError) {
            while !quitting.load(ordering: .acquiring) {
                try sendQueuedWrites(writes)
                if let failure = connectionFailure() { throw failure }
                serviceWakeup.prepareToSleep()
                // A write queued after the drain is seen here, or its signal ends the poll.
                let idle = writes.isEmpty && !quitting.load(ordering: .acquiring)
                _ = try iterate(timeoutMicroseconds: idle ? -1 : 0, sleeper: serviceWakeup)
            }
        } catch {
            recordedFailure = error
            failed.store(true, ordering: .releasing)
            faultSignal.force()
        }
    }

    /// Makes the `pa_stream_write` calls the render thread queued, in order.
    private func sendQueuedWrites(_ writes: PulseAudioWriteRing) throws(PulseAudioOutputError) {
        guard let stream else { throw contextError("pa_stream_write") }
        var failedWrite = false
        writes.drain { data, placement in
            let seek = placement.onRead ? PA_SEEK_RELATIVE_ON_READ : PA_SEEK_RELATIVE
            // libpulse copies the data (no free callback).
            guard api.pa_stream_write!(stream, data, placement.bytes, nil, placement.onRead ? 0 : placement.seekOffset,
                                       seek) >= 0 else {
                failedWrite = true
                return false
            }
            return true
        }
        if failedWrite { throw contextError("pa_stream_write") }
    }

    /// The error that ended the context or the stream, if either has failed.
    private func connectionFailure() -> PulseAudioOutputError? {
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

    // MARK: The render thread's side

    /// Queues `bytes` bytes (at most a period) to be written at `placement`
    /// and wakes the libpulse thread if it sleeps. Returns `false`, queuing
    /// nothing, when ``writes`` is full.
    ///
    /// Thread context: the render thread; real-time safe.
    func queueWrite(_ data: UnsafeRawPointer, bytes: Int, placement: PulseAudioWritePlacement) -> Bool {
        guard let writes, writes.push(data, bytes: bytes, placement: placement) else { return false }
        serviceWakeup.signal()
        return true
    }

    /// When the server last asked for audio (``clock``), 0 if never.
    ///
    /// Real-time safe.
    var lastRequestAt: UInt64 { requestedAt.load(ordering: .acquiring) }

    /// When the server last said the stream ran dry (``clock``), 0 if never.
    ///
    /// Real-time safe.
    var lastUnderflowAt: UInt64 { underflowedAt.load(ordering: .acquiring) }

    /// The error that ended the libpulse thread's work (the connection or
    /// the stream failed, or a call did), once it has.
    ///
    /// Real-time safe (nothing is allocated while none).
    func failure() -> PulseAudioOutputError? {
        failed.load(ordering: .acquiring) ? recordedFailure : nil
    }

    /// Blocks in `poll(2)` until `wakeup` (if not negative) is readable,
    /// the libpulse thread records a failure (see ``failure()``), a signal
    /// comes or `timeoutMilliseconds` pass (negative: no limit). Returns
    /// whether `wakeup` was readable.
    ///
    /// Thread context: the render thread; blocks, and does nothing else.
    func waitForWakeup(_ wakeup: Int32, timeoutMilliseconds: Int32) throws(PulseAudioOutputError) -> Bool {
        pollSet[1].fd = wakeup
        pollSet[1].revents = 0
        let ready = poll(pollSet, wakeup >= 0 ? 2 : 1, timeoutMilliseconds)
        guard ready >= 0 else {
            let code = errno
            if code == EINTR { return false }
            throw .systemCallFailed(call: "poll", errno: code, text: String(cString: strerror(code)))
        }
        return ready > 0 && wakeup >= 0 && pollSet[1].revents != 0
    }

    /// Stops the libpulse thread, then disconnects the stream and the
    /// context and frees the main loop. Sends the server nothing it must
    /// answer, so it returns at once even when the server is frozen or
    /// gone. Idempotent.
    ///
    /// Thread context: a control thread, after the render thread has stopped.
    func close() {
        quitting.store(true, ordering: .releasing)
        serviceWakeup.force()
        if let serviceThread {
            serviceThread.join()
            // Breaks the cycle self → thread → body → self.
            self.serviceThread = nil
        }
        if let serviceEvent {
            let mainloopAPI = api.pa_mainloop_get_api!(mainloop)!
            mainloopAPI.pointee.io_free(serviceEvent)
            self.serviceEvent = nil
        }
        if let stream {
            api.pa_stream_set_write_callback!(stream, nil, nil)
            api.pa_stream_set_underflow_callback!(stream, nil, nil)
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
