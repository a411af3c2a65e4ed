import CALSA
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick
import Synchronization

/// An open playback PCM (`snd_pcm_t *`). It is valid from
/// ``ALSACalls/open(_:)`` until ``ALSACalls/close(_:)``; after that, using it
/// is a bug. Only one thread at a time may use it (alsa-lib's own locking may
/// be off, see ``ALSAOutput/disableLibraryLocking()``).
struct PCMHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A hardware-parameter set (`snd_pcm_hw_params_t *`), valid until
/// ``ALSACalls/freeHardwareParameters(_:)``.
struct HardwareParameters {
    let pointer: OpaquePointer
}

/// What a checked call gave: its non-negative result, or word that an
/// underrun or suspend was recovered and the call should be tried again.
enum CallOutcome: Equatable {
    case value(Int)
    case recovered
}

/// Every alsa-lib call of the package goes through here: thin wrappers, one
/// per C function, and one result-checking helper, ``check(_:_:pcm:counters:)``.
///
/// The wrappers used by the render loop (``wait(_:timeoutMilliseconds:counters:)``,
/// ``availableFrames(_:counters:)``, ``writeInterleaved(_:_:frames:counters:)``,
/// ``delay(_:)``) allocate nothing and throw ``ALSAError`` values, which
/// allocate nothing either.
enum ALSACalls {
    // MARK: The result check

    /// Checks an alsa-lib result.
    ///
    /// - A non-negative result passes through as `.value`.
    /// - EPIPE (underrun) and ESTRPIPE (suspend), when `pcm` is given, are
    ///   recovered with `snd_pcm_recover`, counted in `counters`, and reported
    ///   as `.recovered`; EINTR is `.recovered` too. A failed recovery throws.
    /// - EBADF and EFAULT can only be bugs here: they stop the program.
    /// - Anything else throws an ``ALSAError`` naming `call`.
    ///
    /// Real-time context: allocates nothing, takes no lock of its own.
    @inline(__always)
    static func check(_ result: Int, _ call: StaticString, pcm: PCMHandle? = nil,
                      counters: OutputCounters? = nil) throws(ALSAError) -> CallOutcome {
        if result >= 0 { return .value(result) }
        let code = Int32(truncatingIfNeeded: result)
        if code == -EINTR { return .recovered }
        if let pcm, code == -EPIPE || code == -ESTRPIPE {
            let recovered = snd_pcm_recover(pcm.pointer, code, 1)
            guard recovered >= 0 else { throw ALSAError(recovered, call: "snd_pcm_recover") }
            if code == -EPIPE { counters?.recordUnderrun() } else { counters?.recordSuspend() }
            return .recovered
        }
        let error = ALSAError(code, call: call)
        // EBADF or EFAULT would be our bug with a kernel device, but a plugin
        // (pulse, pipewire, jack) may return any errno: stop in debug builds
        // to find our bugs, and in release report it as a fault like any other,
        // never stopping the host.
        assert(!error.meansProgrammingError, "InputClickALSA used an invalid handle or address in \(call)")
        throw error
    }

    @inline(__always)
    private static func check(_ result: Int32, _ call: StaticString) throws(ALSAError) {
        _ = try check(Int(result), call)
    }

    // MARK: Opening and closing

    /// Opens a playback PCM by name, without waiting for a busy device, in
    /// non-blocking mode. C: `snd_pcm_open`.
    ///
    /// - Throws: the error and what alsa-lib reported while it failed
    ///   (see ``collectingMessages(_:)``), such as a plugin library it could not load.
    static func open(_ name: String) throws(ALSACallFailure) -> PCMHandle {
        let (result, messages) = collectingMessages { () throws(ALSAError) -> PCMHandle in
            var pcm: OpaquePointer?
            try check(snd_pcm_open(&pcm, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK), "snd_pcm_open")
            guard let pcm else { throw ALSAError(-ENOENT, call: "snd_pcm_open") }
            return PCMHandle(pointer: pcm)
        }
        do {
            return try result.get()
        } catch {
            throw ALSACallFailure(error: error, messages: messages)
        }
    }

    /// Stops the PCM at once, dropping queued audio. C: `snd_pcm_drop`.
    static func drop(_ pcm: PCMHandle) {
        _ = snd_pcm_drop(pcm.pointer)
    }

    /// Closes the PCM; the handle is invalid afterwards. C: `snd_pcm_close`.
    static func close(_ pcm: PCMHandle) {
        _ = snd_pcm_close(pcm.pointer)
    }

    // MARK: Hardware parameters

    /// A parameter set holding every configuration the device allows.
    /// The corresponding C functions are `snd_pcm_hw_params_malloc` and `snd_pcm_hw_params_any`.
    static func makeHardwareParameters(_ pcm: PCMHandle) throws(ALSAError) -> HardwareParameters {
        var params: OpaquePointer?
        try check(snd_pcm_hw_params_malloc(&params), "snd_pcm_hw_params_malloc")
        guard let params else { throw ALSAError(-ENOMEM, call: "snd_pcm_hw_params_malloc") }
        do {
            try check(snd_pcm_hw_params_any(pcm.pointer, params), "snd_pcm_hw_params_any")
        } catch {
            snd_pcm_hw_params_free(params)
            throw error
        }
        return HardwareParameters(pointer: params)
    }

    /// C: `snd_pcm_hw_params_free`.
    static func freeHardwareParameters(_ params: HardwareParameters) {
        snd_pcm_hw_params_free(params.pointer)
    }

    /// Chooses interleaved read/write access. C: `snd_pcm_hw_params_set_access`.
    static func setInterleavedAccess(_ pcm: PCMHandle, _ params: HardwareParameters) throws(ALSAError) {
        try check(snd_pcm_hw_params_set_access(pcm.pointer, params.pointer, SND_PCM_ACCESS_RW_INTERLEAVED),
                  "snd_pcm_hw_params_set_access")
    }

    /// Whether the device accepts `format`. C: `snd_pcm_hw_params_test_format`.
    static func accepts(_ pcm: PCMHandle, _ params: HardwareParameters, _ format: SampleFormat) -> Bool {
        snd_pcm_hw_params_test_format(pcm.pointer, params.pointer, alsaFormat(format)) == 0
    }

    /// C: `snd_pcm_hw_params_set_format`.
    static func setFormat(_ pcm: PCMHandle, _ params: HardwareParameters, _ format: SampleFormat) throws(ALSAError) {
        try check(snd_pcm_hw_params_set_format(pcm.pointer, params.pointer, alsaFormat(format)), "snd_pcm_hw_params_set_format")
    }

    /// Asks for channels near `channels`; returns what was set.
    /// C: `snd_pcm_hw_params_set_channels_near`.
    static func setChannelsNear(_ pcm: PCMHandle, _ params: HardwareParameters, _ channels: Int) throws(ALSAError) -> Int {
        var value = UInt32(max(1, channels))
        try check(snd_pcm_hw_params_set_channels_near(pcm.pointer, params.pointer, &value), "snd_pcm_hw_params_set_channels_near")
        return Int(value)
    }

    /// Allows or forbids alsa-lib's own resampling. C: `snd_pcm_hw_params_set_rate_resample`.
    static func setResampling(_ pcm: PCMHandle, _ params: HardwareParameters, _ allowed: Bool) throws(ALSAError) {
        try check(snd_pcm_hw_params_set_rate_resample(pcm.pointer, params.pointer, allowed ? 1 : 0),
                  "snd_pcm_hw_params_set_rate_resample")
    }

    /// Asks for a rate near `rate`; returns what was set. C: `snd_pcm_hw_params_set_rate_near`.
    static func setRateNear(_ pcm: PCMHandle, _ params: HardwareParameters, _ rate: Int) throws(ALSAError) -> Int {
        var value = UInt32(max(1, rate))
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_rate_near(pcm.pointer, params.pointer, &value, &direction), "snd_pcm_hw_params_set_rate_near")
        return Int(value)
    }

    /// Asks for a period near `frames`; returns what was set. C: `snd_pcm_hw_params_set_period_size_near`.
    static func setPeriodNear(_ pcm: PCMHandle, _ params: HardwareParameters, _ frames: Int) throws(ALSAError) -> Int {
        var value = snd_pcm_uframes_t(max(1, frames))
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_period_size_near(pcm.pointer, params.pointer, &value, &direction),
                  "snd_pcm_hw_params_set_period_size_near")
        return Int(value)
    }

    /// Asks for a period count near `count`; returns what was set. C: `snd_pcm_hw_params_set_periods_near`.
    static func setPeriodCountNear(_ pcm: PCMHandle, _ params: HardwareParameters, _ count: Int) throws(ALSAError) -> Int {
        var value = UInt32(max(1, count))
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_periods_near(pcm.pointer, params.pointer, &value, &direction),
                  "snd_pcm_hw_params_set_periods_near")
        return Int(value)
    }

    /// Asks for a buffer near `frames`; returns what was set. C: `snd_pcm_hw_params_set_buffer_size_near`.
    static func setBufferNear(_ pcm: PCMHandle, _ params: HardwareParameters, _ frames: Int) throws(ALSAError) -> Int {
        var value = snd_pcm_uframes_t(max(1, frames))
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm.pointer, params.pointer, &value),
                  "snd_pcm_hw_params_set_buffer_size_near")
        return Int(value)
    }

    /// Installs the parameters on the device. C: `snd_pcm_hw_params`.
    static func applyHardwareParameters(_ pcm: PCMHandle, _ params: HardwareParameters) throws(ALSAError) {
        try check(snd_pcm_hw_params(pcm.pointer, params.pointer), "snd_pcm_hw_params")
    }

    /// The rate, channels, period and buffer the device settled on.
    /// The corresponding C functions are `snd_pcm_hw_params_get_rate`, `…_get_channels`,
    /// `…_get_period_size` and `…_get_buffer_size`.
    static func installedSizes(_ params: HardwareParameters) throws(ALSAError)
        -> (rate: Int, channels: Int, period: Int, buffer: Int) {
        var rate: UInt32 = 0
        var direction: Int32 = 0
        var channels: UInt32 = 0
        var period: snd_pcm_uframes_t = 0
        var buffer: snd_pcm_uframes_t = 0
        try check(snd_pcm_hw_params_get_rate(params.pointer, &rate, &direction), "snd_pcm_hw_params_get_rate")
        try check(snd_pcm_hw_params_get_channels(params.pointer, &channels), "snd_pcm_hw_params_get_channels")
        try check(snd_pcm_hw_params_get_period_size(params.pointer, &period, &direction), "snd_pcm_hw_params_get_period_size")
        try check(snd_pcm_hw_params_get_buffer_size(params.pointer, &buffer), "snd_pcm_hw_params_get_buffer_size")
        return (Int(rate), Int(channels), Int(period), Int(buffer))
    }

    // MARK: Software parameters

    /// Never starts the device by itself (the render loop starts it with
    /// ``start(_:counters:)``), and wakes the writer when `availMin` frames
    /// are free. The start threshold is `startThreshold`, or the boundary
    /// when `nil`; any value above the buffer size never starts the device.
    /// The corresponding C functions are `snd_pcm_sw_params_current`,
    /// `…_get_boundary`, `…_set_start_threshold`, `…_set_avail_min` and
    /// `snd_pcm_sw_params`.
    static func configureSoftware(_ pcm: PCMHandle, availMin: Int, startThreshold: Int? = nil) throws(ALSAError) {
        var params: OpaquePointer?
        try check(snd_pcm_sw_params_malloc(&params), "snd_pcm_sw_params_malloc")
        guard let params else { throw ALSAError(-ENOMEM, call: "snd_pcm_sw_params_malloc") }
        defer { snd_pcm_sw_params_free(params) }
        try check(snd_pcm_sw_params_current(pcm.pointer, params), "snd_pcm_sw_params_current")
        var boundary: snd_pcm_uframes_t = 0
        try check(snd_pcm_sw_params_get_boundary(params, &boundary), "snd_pcm_sw_params_get_boundary")
        let threshold = startThreshold.map { snd_pcm_uframes_t(max(0, $0)) } ?? boundary
        try check(snd_pcm_sw_params_set_start_threshold(pcm.pointer, params, min(threshold, boundary)),
                  "snd_pcm_sw_params_set_start_threshold")
        try check(snd_pcm_sw_params_set_avail_min(pcm.pointer, params, snd_pcm_uframes_t(availMin)),
                  "snd_pcm_sw_params_set_avail_min")
        try check(snd_pcm_sw_params(pcm.pointer, params), "snd_pcm_sw_params")
    }

    // MARK: The render loop's calls

    /// Waits until a period can be written or `timeoutMilliseconds` pass.
    /// `.value(1)` means ready, `.value(0)` timed out. C: `snd_pcm_wait`.
    ///
    /// Real-time context: blocks only in the device's poll; allocates nothing.
    @inline(__always)
    static func wait(_ pcm: PCMHandle, timeoutMilliseconds: Int32, counters: OutputCounters) throws(ALSAError) -> CallOutcome {
        try check(Int(snd_pcm_wait(pcm.pointer, timeoutMilliseconds)), "snd_pcm_wait", pcm: pcm, counters: counters)
    }

    /// Frames that can be written now, after syncing the hardware pointer
    /// (which ``rewindable(_:)`` does not do). C: `snd_pcm_avail`.
    ///
    /// Real-time context: allocates nothing.
    @inline(__always)
    static func availableFrames(_ pcm: PCMHandle, counters: OutputCounters) throws(ALSAError) -> CallOutcome {
        try check(snd_pcm_avail(pcm.pointer), "snd_pcm_avail", pcm: pcm, counters: counters)
    }

    /// Starts the device unless it runs already. The corresponding C functions are `snd_pcm_state` and `snd_pcm_start`.
    ///
    /// Real-time context: allocates nothing; a plugin may take its own lock (jack's `running_mutex`).
    static func start(_ pcm: PCMHandle, counters: OutputCounters) throws(ALSAError) -> CallOutcome {
        // Raw values: comparing the imported enum would make a debug build
        // instantiate its type metadata (an allocation) on the render thread.
        if snd_pcm_state(pcm.pointer).rawValue == SND_PCM_STATE_RUNNING.rawValue { return .value(0) }
        return try check(Int(snd_pcm_start(pcm.pointer)), "snd_pcm_start", pcm: pcm, counters: counters)
    }

    /// Stops the device at once, dropping what is queued, and prepares it to
    /// be filled and started again. The corresponding C functions are `snd_pcm_drop` and `snd_pcm_prepare`.
    ///
    /// Real-time context: allocates nothing; a plugin may take its own lock.
    static func stopAndPrepare(_ pcm: PCMHandle) throws(ALSAError) {
        _ = snd_pcm_drop(pcm.pointer)
        try check(snd_pcm_prepare(pcm.pointer), "snd_pcm_prepare")
    }

    /// Frames that can be rewound now. C: `snd_pcm_rewindable`.
    ///
    /// Real-time context: allocates nothing.
    @inline(__always)
    static func rewindable(_ pcm: PCMHandle) -> Int {
        max(0, snd_pcm_rewindable(pcm.pointer))
    }

    /// Takes back up to `frames` written frames; returns how many. C: `snd_pcm_rewind`.
    ///
    /// Real-time context: allocates nothing.
    @inline(__always)
    static func rewind(_ pcm: PCMHandle, frames: Int) -> Int {
        max(0, snd_pcm_rewind(pcm.pointer, snd_pcm_uframes_t(max(0, frames))))
    }

    /// Moves forward over up to `frames` frames; returns how many. C: `snd_pcm_forward`.
    ///
    /// Real-time context: allocates nothing.
    @inline(__always)
    static func forward(_ pcm: PCMHandle, frames: Int) -> Int {
        max(0, snd_pcm_forward(pcm.pointer, snd_pcm_uframes_t(max(0, frames))))
    }

    /// How many poll descriptors the device has. C: `snd_pcm_poll_descriptors_count`.
    static func pollDescriptorCount(_ pcm: PCMHandle) -> Int {
        max(0, Int(snd_pcm_poll_descriptors_count(pcm.pointer)))
    }

    /// Fills `descriptors` with the device's poll descriptors; returns how
    /// many. C: `snd_pcm_poll_descriptors`.
    ///
    /// Real-time context: allocates nothing.
    @inline(__always)
    static func pollDescriptors(_ pcm: PCMHandle, into descriptors: UnsafeMutablePointer<pollfd>, count: Int) -> Int {
        max(0, Int(snd_pcm_poll_descriptors(pcm.pointer, descriptors, UInt32(count))))
    }

    /// The device's own reading of what `poll` returned: whether there is
    /// room to write, or an error (an underrun) to collect. It also drains
    /// a plugin's wake-up pipe. C: `snd_pcm_poll_descriptors_revents`.
    ///
    /// Real-time context: allocates nothing.
    @inline(__always)
    static func pollEvents(_ pcm: PCMHandle, _ descriptors: UnsafeMutablePointer<pollfd>, count: Int) -> UInt16 {
        var events: UInt16 = 0
        _ = snd_pcm_poll_descriptors_revents(pcm.pointer, descriptors, UInt32(count), &events)
        return events
    }

    /// What the device's chain of plugins is, as alsa-lib describes it
    /// (`snd_pcm_dump`'s lines that name a PCM), for choosing the click
    /// scheduling. The corresponding C functions are `snd_output_buffer_open`,
    /// `snd_pcm_dump`, `snd_output_buffer_string` and `snd_output_close`.
    static func chainDescription(_ pcm: PCMHandle) -> String {
        var output: OpaquePointer?
        guard snd_output_buffer_open(&output) == 0, let output else { return "" }
        defer { snd_output_close(output) }
        guard snd_pcm_dump(pcm.pointer, output) == 0 else { return "" }
        var text: UnsafeMutablePointer<CChar>?
        let length = snd_output_buffer_string(output, &text)
        guard let text, length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }

    /// Writes up to `frames` interleaved frames; `.value(n)` is how many were taken.
    /// C: `snd_pcm_writei`.
    ///
    /// Real-time context: non-blocking; allocates nothing.
    @inline(__always)
    static func writeInterleaved(_ pcm: PCMHandle, _ buffer: UnsafeRawPointer, frames: Int,
                                 counters: OutputCounters) throws(ALSAError) -> CallOutcome {
        let result = snd_pcm_writei(pcm.pointer, buffer, snd_pcm_uframes_t(frames))
        if result == -Int(EAGAIN) { return .value(0) }
        return try check(result, "snd_pcm_writei", pcm: pcm, counters: counters)
    }

    /// Frames queued ahead of the next frame written, or `nil` if the device
    /// cannot say now. C: `snd_pcm_delay`.
    ///
    /// Real-time context: allocates nothing.
    @inline(__always)
    static func delay(_ pcm: PCMHandle) -> Int? {
        var frames: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm.pointer, &frames) == 0 ? max(0, frames) : nil
    }

    // MARK: Configuration lookups

    /// Whether the ALSA configuration defines a PCM called `name`: whether
    /// `pcm.<base>` exists, `<base>` being the name before any `:` arguments
    /// (`hw` for `hw:0,0`). The definition is not expanded, because expanding
    /// `default` on a machine with no sound card fails although the name is
    /// perfectly valid. The corresponding C functions are
    /// `snd_config_update_ref` and `snd_config_search`.
    ///
    /// - Throws: the error and alsa-lib's messages when the configuration
    ///   cannot be read (a syntax error in one of its files).
    static func isPCMDefined(_ name: String) throws(ALSACallFailure) -> Bool {
        let base = String(name.prefix { $0 != ":" })
        guard !base.isEmpty, !base.contains(".") else { return false }
        let (result, messages) = collectingMessages { () throws(ALSAError) -> OpaquePointer? in
            var top: OpaquePointer?
            try check(snd_config_update_ref(&top), "snd_config_update_ref")
            return top
        }
        let top: OpaquePointer?
        do {
            top = try result.get()
        } catch {
            throw ALSACallFailure(error: error, messages: messages)
        }
        defer { if let top { snd_config_unref(top) } }
        var pcms: OpaquePointer?
        guard snd_config_search(top, "pcm", &pcms) >= 0 else { return false }
        var definition: OpaquePointer?
        return snd_config_search(pcms, base, &definition) >= 0
    }

    /// Replaces alsa-lib's error handler, which prints diagnostics such as
    /// `ALSA lib confmisc.c:855:(parse_card) cannot find card '0'` to standard
    /// error, with one that prints nothing (`inputclick_alsa_quiet_error_handler`
    /// of the CALSA shim), but still lets ``collectingMessages(_:)`` see them.
    /// The corresponding C function is `snd_lib_error_set_handler`.
    static func silenceLibraryMessages() {
        messagesSilenced.store(true, ordering: .relaxed)
        _ = inputclick_alsa_install_quiet_error_handler()
    }

    // MARK: alsa-lib's messages

    /// Whether ``silenceLibraryMessages()`` was called.
    private static let messagesSilenced = Atomic<Bool>(false)

    /// Where the messages of the current ``collectingMessages(_:)`` or
    /// ``routingMessages(to:_:)`` call on a thread go.
    private final class MessageCollector {
        /// Each message's text, such as `cannot find card '0'`.
        var texts: [String] = []
        /// Each message as alsa-lib prints it, with its place:
        /// `ALSA lib confmisc.c:855:(parse_card) cannot find card '0'`.
        var lines: [String] = []
        /// Whether the messages are kept from standard error, for a caller
        /// that routes them elsewhere (an enclosing ``routingMessages(to:_:)``).
        let holdsBack: Bool

        init(holdsBack: Bool) {
            self.holdsBack = holdsBack
        }
    }

    /// The thread-specific slot holding the calling thread's ``MessageCollector``.
    private static let collectorKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for InputClickALSA")
        return key
    }()

    /// Runs `body` and returns its outcome with the messages alsa-lib
    /// reported on this thread meanwhile, such as `Cannot open shared library
    /// libasound_module_pcm_jack.so (…)` or a configuration file's syntax
    /// error, which the error code alone (ENXIO, EINVAL) does not tell.
    /// They are still printed as before unless ``silenceLibraryMessages()``
    /// was called or an enclosing ``routingMessages(to:_:)`` takes them.
    /// A host that installed its own alsa-lib error handler gets them there
    /// instead, and none are collected.
    /// The corresponding C function is `snd_lib_error_set_local`.
    static func collectingMessages<Value>(_ body: () throws(ALSAError) -> Value)
        -> (result: Result<Value, ALSAError>, messages: [String]) {
        let (result, collector) = withCollector { Result(catching: body) }
        return (result, collector.texts)
    }

    /// Runs `body`, keeping every message alsa-lib reports on this thread
    /// meanwhile from standard error, and then hands each to `handler`, in
    /// order, as alsa-lib would print it (`ALSA lib confmisc.c:855:(parse_card)
    /// cannot find card '0'`), whether `body` returned or threw. Calls of
    /// ``collectingMessages(_:)`` inside `body` still see their messages.
    /// With a `nil` handler it only runs `body`. `handler` is never called
    /// inside alsa-lib. As for ``collectingMessages(_:)``, a host's own
    /// alsa-lib error handler gets the messages instead, if it installed one.
    static func routingMessages<Value, Failure: Error>(to handler: ((String) -> Void)?,
                                                       _ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        guard let handler else { return try body() }
        let (result, collector) = withCollector(holdsBack: true) { Result(catching: body) }
        for line in collector.lines { handler(line) }
        return try result.get()
    }

    /// Runs `body` with a new collector as this thread's, and the thread-local
    /// handler that fills it installed; afterwards hands what it collected on
    /// to the enclosing collector, if any, and restores both.
    private static func withCollector<Value>(holdsBack: Bool = false, _ body: () -> Value)
        -> (value: Value, collector: MessageCollector) {
        let previous = pthread_getspecific(collectorKey)
        let enclosing = previous.map { Unmanaged<MessageCollector>.fromOpaque($0).takeUnretainedValue() }
        let collector = MessageCollector(holdsBack: holdsBack || enclosing?.holdsBack == true)
        pthread_setspecific(collectorKey, Unmanaged.passUnretained(collector).toOpaque())
        let previousHandler = snd_lib_error_set_local(collectMessage)
        defer {
            snd_lib_error_set_local(previousHandler)
            pthread_setspecific(collectorKey, previous)
            enclosing?.texts += collector.texts
            enclosing?.lines += collector.lines
        }
        return (body(), collector)
    }

    /// The thread-local handler: formats the message, keeps it, and prints
    /// it as alsa-lib's default handler would unless messages are silenced
    /// or held back.
    private static let collectMessage: snd_local_error_handler_t = { file, line, function, code, format, arguments in
        guard let format, let arguments else { return }
        var buffer = [CChar](repeating: 0, count: 1024)
        _ = vsnprintf(&buffer, buffer.count, format, arguments)
        var text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if code != 0, let reason = snd_strerror(code) { text += ": " + String(cString: reason) }
        let place = "ALSA lib \(file.map { String(cString: $0) } ?? "?"):\(line):(\(function.map { String(cString: $0) } ?? "?")) "
        let collector = pthread_getspecific(collectorKey).map { Unmanaged<MessageCollector>.fromOpaque($0).takeUnretainedValue() }
        collector?.texts.append(text)
        collector?.lines.append(place + text)
        guard !messagesSilenced.load(ordering: .relaxed), collector?.holdsBack != true else { return }
        let printed = place + text + "\n"
        printed.withCString { _ = write(2, $0, strlen($0)) }
    }

    /// The index of the sound card named or numbered `card`, or `nil` if there
    /// is none. C: `snd_card_get_index`.
    static func cardIndex(_ card: String) -> Int? {
        let index = snd_card_get_index(card)
        return index >= 0 ? Int(index) : nil
    }

    /// The playback and capture PCMs the configuration advertises, as
    /// (name, description, direction) where direction is `Input`, `Output`
    /// or `nil` for both. The corresponding C functions are
    /// `snd_device_name_hint`, `snd_device_name_get_hint` and `snd_device_name_free_hint`.
    static func pcmHints() throws(ALSAError) -> [(name: String, description: String?, direction: String?)] {
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        try check(snd_device_name_hint(-1, "pcm", &hints), "snd_device_name_hint")
        guard let hints else { return [] }
        defer { _ = snd_device_name_free_hint(hints) }
        func take(_ hint: UnsafeMutableRawPointer, _ id: String) -> String? {
            guard let text = snd_device_name_get_hint(hint, id) else { return nil }
            defer { free(text) }
            return String(cString: text)
        }
        var result: [(String, String?, String?)] = []
        var cursor = hints
        while let hint = cursor.pointee {
            if let name = take(hint, "NAME") {
                result.append((name, take(hint, "DESC"), take(hint, "IOID")))
            }
            cursor += 1
        }
        return result
    }

    // MARK: Text

    /// alsa-lib's text for an error code. C: `snd_strerror`.
    static func errorText(_ code: Int32) -> String {
        guard let text = snd_strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The alsa-lib version the program runs with. C: `snd_asoundlib_version`.
    static func libraryVersion() -> String {
        guard let text = snd_asoundlib_version() else { return "unknown" }
        return String(cString: text)
    }

    private static func alsaFormat(_ format: SampleFormat) -> snd_pcm_format_t {
        switch format {
        case .float32: return SND_PCM_FORMAT_FLOAT_LE
        case .signed32: return SND_PCM_FORMAT_S32_LE
        case .signed16: return SND_PCM_FORMAT_S16_LE
        }
    }
}
