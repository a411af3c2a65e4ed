#if canImport(Glibc)
import Glibc
#endif
import CPulseAudio
import InputClick
import Synchronization

/// The one place libpulse is called: a non-threaded `pa_mainloop`, a context and one
/// playback stream; each failed call becomes a ``PulseAudioOutputError`` naming it with
/// `pa_strerror`'s text. See README, *How it is built* (the native PulseAudio backend).
///
/// A control thread connects and closes; in between the libpulse thread
/// (``serviceThreadName``, normal scheduling) alone iterates the loop and makes the
/// `pa_stream_write` calls the render thread queued in ``writes``, so the loop needs no lock.
///
/// # Real-time context
/// The render thread calls only ``queueWrite(_:bytes:placement:)``, ``lastRequestAt``,
/// ``lastUnderflowAt``, ``failure()`` and ``waitForWakeup(_:timeoutMilliseconds:)``:
/// atomics, a copy into the preallocated ring, `poll(2)` and one non-blocking eventfd
/// `write(2)`. libpulse (which allocates and locks) runs only on the libpulse thread.
final class PulseAudioCalls: @unchecked Sendable {
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
    private var recordedFailure: PulseAudioOutputError?
    /// The render thread's writes, made at connect (one period per slot).
    private(set) var writes: PulseAudioWriteRing?
    /// The render thread's poll set: the fault descriptor, then the mixer's wake-up; made
    /// here so the render thread instantiates no type metadata for it.
    private let pollSet: UnsafeMutablePointer<pollfd>

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

    func text(_ code: Int32) -> String {
        guard let text = api.pa_strerror!(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The context's last error, for `call`.
    func contextError(_ call: String) -> PulseAudioOutputError {
        let code = context.map { api.pa_context_errno!($0) } ?? Int32(PA_ERR_BADSTATE.rawValue)
        return .callFailed(call: call, code: code, text: text(code))
    }

    /// Connects to `server` (`nil`: the one libpulse finds itself; never spawning one) and
    /// the stream, and waits until the server mixes it in, all within `timeoutMilliseconds`;
    /// then makes ``writes`` (a slot per `minreq`, twice `tlength` and two more) and starts
    /// the libpulse thread. Control thread, once; blocks up to the time limit.
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

    /// Writes `silenceBytes` of silence (the prebuf) and iterates the loop until the server
    /// starts the stream or asks for more, something fails, or `deadline` passes (then it
    /// returns; the render thread's stall detection remains). A fresh server's null sink may
    /// render seconds ahead, which the render thread would read as a frozen server; waiting
    /// here, while taps are held, makes that wait once per stream. See README, *How it is built*.
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

    private var mixedWhileConnecting = false

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

    /// One turn of the main loop: waits up to `timeoutMicroseconds` (0: not at all; -1: no
    /// limit), dispatches, returns how many sources were dispatched. With `sleeper`, calls
    /// its ``RenderWakeup/finishSleeping()`` as soon as the wait ends.
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

    private final class ServiceLoop: RealtimeThreadBody {
        let calls: PulseAudioCalls
        init(calls: PulseAudioCalls) { self.calls = calls }
        func run(on thread: RealtimeThread) { calls.serve() }
    }

    /// Sends the queued writes, then sleeps in the loop until the server or a write wakes
    /// it; until ``close()`` or a failure, recorded for ``failure()`` and signalled.
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

    /// Queues at most a period and wakes the libpulse thread; `false`, queuing nothing,
    /// when ``writes`` is full.
    func queueWrite(_ data: UnsafeRawPointer, bytes: Int, placement: PulseAudioWritePlacement) -> Bool {
        guard let writes, writes.push(data, bytes: bytes, placement: placement) else { return false }
        serviceWakeup.signal()
        return true
    }

    /// When the server last asked for audio (``clock``), 0 if never.
    var lastRequestAt: UInt64 { requestedAt.load(ordering: .acquiring) }

    /// When the server last said the stream ran dry (``clock``), 0 if never.
    var lastUnderflowAt: UInt64 { underflowedAt.load(ordering: .acquiring) }

    /// The error that ended the libpulse thread's work, once it has.
    func failure() -> PulseAudioOutputError? {
        failed.load(ordering: .acquiring) ? recordedFailure : nil
    }

    /// Blocks in `poll(2)` until `wakeup` (if not negative) is readable, a failure is
    /// recorded, a signal comes or `timeoutMilliseconds` pass (negative: no limit).
    /// Returns whether `wakeup` was readable.
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

    /// Stops the libpulse thread, disconnects and frees all. Asks the server nothing, so
    /// it returns at once even if the server is frozen. Idempotent; after the render thread stopped.
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
