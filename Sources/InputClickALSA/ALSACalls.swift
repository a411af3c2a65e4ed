import CALSA
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick
import Synchronization

/// An open playback PCM (`snd_pcm_t *`), valid from ``ALSACalls/open(_:)`` until
/// ``ALSACalls/close(_:)``. One thread at a time (alsa-lib's own locking may be off,
/// see ``ALSAOutput/disableLibraryLocking()``).
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

/// Every alsa-lib call of the package: one thin wrapper per C function (named after
/// "C:"), and one result check, ``check(_:_:pcm:counters:)``.
///
/// Real-time context: the wrappers in *The render loop's calls*, `start` to `delay`,
/// allocate nothing and throw ``ALSAError`` values, which allocate nothing either.
enum ALSACalls {
    // MARK: The result check

    /// Checks an alsa-lib result: non-negative passes as `.value`; EINTR, and EPIPE
    /// (underrun) or ESTRPIPE (suspend) recovered by `snd_pcm_recover` when `pcm` is
    /// given (counted in `counters`), are `.recovered`; anything else throws naming `call`.
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

    /// Opens a playback PCM non-blocking. C: `snd_pcm_open`.
    /// - Throws: the error with alsa-lib's messages (see ``collectingMessages(_:)``).
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

    static func drop(_ pcm: PCMHandle) {
        _ = snd_pcm_drop(pcm.pointer)
    }

    /// C: `snd_pcm_close`.
    static func close(_ pcm: PCMHandle) {
        _ = snd_pcm_close(pcm.pointer)
    }

    // MARK: Hardware parameters

    /// All configurations the device allows. C: `snd_pcm_hw_params_malloc`, `snd_pcm_hw_params_any`.
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

    /// The smallest period the configuration space still allows. C: `snd_pcm_hw_params_get_period_size_min`.
    static func smallestPeriod(_ params: HardwareParameters) throws(ALSAError) -> Int {
        var frames: snd_pcm_uframes_t = 0
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_get_period_size_min(params.pointer, &frames, &direction),
                  "snd_pcm_hw_params_get_period_size_min")
        return Int(frames)
    }

    /// C: `snd_pcm_hw_params_set_access`.
    static func setInterleavedAccess(_ pcm: PCMHandle, _ params: HardwareParameters) throws(ALSAError) {
        try check(snd_pcm_hw_params_set_access(pcm.pointer, params.pointer, SND_PCM_ACCESS_RW_INTERLEAVED),
                  "snd_pcm_hw_params_set_access")
    }

    /// C: `snd_pcm_hw_params_test_format`.
    static func accepts(_ pcm: PCMHandle, _ params: HardwareParameters, _ format: SampleFormat) -> Bool {
        snd_pcm_hw_params_test_format(pcm.pointer, params.pointer, alsaFormat(format)) == 0
    }

    /// C: `snd_pcm_hw_params_set_format`.
    static func setFormat(_ pcm: PCMHandle, _ params: HardwareParameters, _ format: SampleFormat) throws(ALSAError) {
        try check(snd_pcm_hw_params_set_format(pcm.pointer, params.pointer, alsaFormat(format)), "snd_pcm_hw_params_set_format")
    }

    /// Returns what was set. C: `snd_pcm_hw_params_set_channels_near`.
    static func setChannelsNear(_ pcm: PCMHandle, _ params: HardwareParameters, _ channels: Int) throws(ALSAError) -> Int {
        var value = UInt32(max(1, channels))
        try check(snd_pcm_hw_params_set_channels_near(pcm.pointer, params.pointer, &value), "snd_pcm_hw_params_set_channels_near")
        return Int(value)
    }

    /// C: `snd_pcm_hw_params_set_rate_resample`.
    static func setResampling(_ pcm: PCMHandle, _ params: HardwareParameters, _ allowed: Bool) throws(ALSAError) {
        try check(snd_pcm_hw_params_set_rate_resample(pcm.pointer, params.pointer, allowed ? 1 : 0),
                  "snd_pcm_hw_params_set_rate_resample")
    }

    /// Returns what was set. C: `snd_pcm_hw_params_set_rate_near`.
    static func setRateNear(_ pcm: PCMHandle, _ params: HardwareParameters, _ rate: Int) throws(ALSAError) -> Int {
        var value = UInt32(max(1, rate))
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_rate_near(pcm.pointer, params.pointer, &value, &direction), "snd_pcm_hw_params_set_rate_near")
        return Int(value)
    }

    /// Returns what was set. C: `snd_pcm_hw_params_set_period_size_near`.
    static func setPeriodNear(_ pcm: PCMHandle, _ params: HardwareParameters, _ frames: Int) throws(ALSAError) -> Int {
        var value = snd_pcm_uframes_t(max(1, frames))
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_period_size_near(pcm.pointer, params.pointer, &value, &direction),
                  "snd_pcm_hw_params_set_period_size_near")
        return Int(value)
    }

    /// Returns what was set. C: `snd_pcm_hw_params_set_periods_near`.
    static func setPeriodCountNear(_ pcm: PCMHandle, _ params: HardwareParameters, _ count: Int) throws(ALSAError) -> Int {
        var value = UInt32(max(1, count))
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_periods_near(pcm.pointer, params.pointer, &value, &direction),
                  "snd_pcm_hw_params_set_periods_near")
        return Int(value)
    }

    /// Returns what was set. C: `snd_pcm_hw_params_set_buffer_size_near`.
    static func setBufferNear(_ pcm: PCMHandle, _ params: HardwareParameters, _ frames: Int) throws(ALSAError) -> Int {
        var value = snd_pcm_uframes_t(max(1, frames))
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm.pointer, params.pointer, &value),
                  "snd_pcm_hw_params_set_buffer_size_near")
        return Int(value)
    }

    /// C: `snd_pcm_hw_params`.
    static func applyHardwareParameters(_ pcm: PCMHandle, _ params: HardwareParameters) throws(ALSAError) {
        try check(snd_pcm_hw_params(pcm.pointer, params.pointer), "snd_pcm_hw_params")
    }

    /// C: `snd_pcm_hw_params_get_rate`, `…_get_channels`, `…_get_period_size`, `…_get_buffer_size`.
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

    /// Never starts the device by itself (the render loop calls ``start(_:counters:)``);
    /// wakes the writer when `availMin` frames are free. `startThreshold` `nil` means the
    /// boundary. C: `snd_pcm_sw_params_current`, `…_set_start_threshold`, `…_set_avail_min`.
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

    /// `.value(1)` means ready, `.value(0)` timed out. C: `snd_pcm_wait`.
    @inline(__always)
    static func wait(_ pcm: PCMHandle, timeoutMilliseconds: Int32, counters: OutputCounters) throws(ALSAError) -> CallOutcome {
        try check(Int(snd_pcm_wait(pcm.pointer, timeoutMilliseconds)), "snd_pcm_wait", pcm: pcm, counters: counters)
    }

    /// Syncs the hardware pointer first (``rewindable(_:)`` does not). C: `snd_pcm_avail`.
    @inline(__always)
    static func availableFrames(_ pcm: PCMHandle, counters: OutputCounters) throws(ALSAError) -> CallOutcome {
        try check(snd_pcm_avail(pcm.pointer), "snd_pcm_avail", pcm: pcm, counters: counters)
    }

    /// Unless running already. A plugin may take its own lock (jack's `running_mutex`).
    /// C: `snd_pcm_state`, `snd_pcm_start`.
    static func start(_ pcm: PCMHandle, counters: OutputCounters) throws(ALSAError) -> CallOutcome {
        // Raw values: comparing the imported enum would make a debug build
        // instantiate its type metadata (an allocation) on the render thread.
        if snd_pcm_state(pcm.pointer).rawValue == SND_PCM_STATE_RUNNING.rawValue { return .value(0) }
        return try check(Int(snd_pcm_start(pcm.pointer)), "snd_pcm_start", pcm: pcm, counters: counters)
    }

    /// Drops what is queued and prepares for a new start. C: `snd_pcm_drop`, `snd_pcm_prepare`.
    static func stopAndPrepare(_ pcm: PCMHandle) throws(ALSAError) {
        _ = snd_pcm_drop(pcm.pointer)
        try check(snd_pcm_prepare(pcm.pointer), "snd_pcm_prepare")
    }

    /// C: `snd_pcm_rewindable`.
    @inline(__always)
    static func rewindable(_ pcm: PCMHandle) -> Int {
        max(0, snd_pcm_rewindable(pcm.pointer))
    }

    /// Returns how many frames were taken back. C: `snd_pcm_rewind`.
    @inline(__always)
    static func rewind(_ pcm: PCMHandle, frames: Int) -> Int {
        max(0, snd_pcm_rewind(pcm.pointer, snd_pcm_uframes_t(max(0, frames))))
    }

    /// Returns how many frames were skipped. C: `snd_pcm_forward`.
    @inline(__always)
    static func forward(_ pcm: PCMHandle, frames: Int) -> Int {
        max(0, snd_pcm_forward(pcm.pointer, snd_pcm_uframes_t(max(0, frames))))
    }

    /// C: `snd_pcm_poll_descriptors_count`.
    static func pollDescriptorCount(_ pcm: PCMHandle) -> Int {
        max(0, Int(snd_pcm_poll_descriptors_count(pcm.pointer)))
    }

    /// Returns how many were filled. C: `snd_pcm_poll_descriptors`.
    @inline(__always)
    static func pollDescriptors(_ pcm: PCMHandle, into descriptors: UnsafeMutablePointer<pollfd>, count: Int) -> Int {
        max(0, Int(snd_pcm_poll_descriptors(pcm.pointer, descriptors, UInt32(count))))
    }

    /// The device's reading of `poll`'s result (room to write, or an underrun to
    /// collect); also drains a plugin's wake-up pipe. C: `snd_pcm_poll_descriptors_revents`.
    @inline(__always)
    static func pollEvents(_ pcm: PCMHandle, _ descriptors: UnsafeMutablePointer<pollfd>, count: Int) -> UInt16 {
        var events: UInt16 = 0
        _ = snd_pcm_poll_descriptors_revents(pcm.pointer, descriptors, UInt32(count), &events)
        return events
    }

    /// The device's plugin chain as `snd_pcm_dump` describes it, for choosing the click
    /// scheduling. C: `snd_output_buffer_open`, `snd_pcm_dump`, `snd_output_buffer_string`.
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

    /// Non-blocking; `.value(n)` is how many frames were taken. C: `snd_pcm_writei`.
    @inline(__always)
    static func writeInterleaved(_ pcm: PCMHandle, _ buffer: UnsafeRawPointer, frames: Int,
                                 counters: OutputCounters) throws(ALSAError) -> CallOutcome {
        let result = snd_pcm_writei(pcm.pointer, buffer, snd_pcm_uframes_t(frames))
        if result == -Int(EAGAIN) { return .value(0) }
        return try check(result, "snd_pcm_writei", pcm: pcm, counters: counters)
    }

    /// Frames queued ahead of the next written, `nil` if the device cannot say. C: `snd_pcm_delay`.
    @inline(__always)
    static func delay(_ pcm: PCMHandle) -> Int? {
        var frames: snd_pcm_sframes_t = 0
        return snd_pcm_delay(pcm.pointer, &frames) == 0 ? max(0, frames) : nil
    }

    // MARK: Configuration lookups

    /// Whether `pcm.<base>` exists, `<base>` being `name` before any `:` arguments. Not
    /// expanded: expanding `default` with no sound card fails though the name is valid.
    /// C: `snd_config_update_ref`, `snd_config_search`.
    /// - Throws: the error and alsa-lib's messages when the configuration cannot be read.
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

    /// Installs a handler that prints nothing (the CALSA shim's), so diagnostics such as
    /// `ALSA lib confmisc.c:855:(parse_card) …` stay off standard error but still reach
    /// ``collectingMessages(_:)``. C: `snd_lib_error_set_handler`.
    static func silenceLibraryMessages() {
        messagesSilenced.store(true, ordering: .relaxed)
        _ = inputclick_alsa_install_quiet_error_handler()
    }

    // MARK: alsa-lib's messages

    private static let messagesSilenced = Atomic<Bool>(false)

    /// Where the messages of this thread's current ``collectingMessages(_:)`` or
    /// ``routingMessages(to:_:)`` go.
    private final class MessageCollector {
        /// Each message's text, such as `cannot find card '0'`.
        var texts: [String] = []
        /// As alsa-lib prints them: `ALSA lib confmisc.c:855:(parse_card) cannot find card '0'`.
        var lines: [String] = []
        /// Kept from standard error (an enclosing ``routingMessages(to:_:)`` takes them).
        let holdsBack: Bool

        init(holdsBack: Bool) {
            self.holdsBack = holdsBack
        }
    }

    private static let collectorKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for InputClickALSA")
        return key
    }()

    /// Runs `body`; returns its outcome with alsa-lib's messages on this thread meanwhile
    /// (such as a plugin library it could not load), which the error code alone does not
    /// tell. They are still printed unless silenced or routed by an enclosing
    /// ``routingMessages(to:_:)``; a host's own alsa-lib handler gets them instead.
    /// C: `snd_lib_error_set_local`.
    static func collectingMessages<Value>(_ body: () throws(ALSAError) -> Value)
        -> (result: Result<Value, ALSAError>, messages: [String]) {
        let (result, collector) = withCollector { Result(catching: body) }
        return (result, collector.texts)
    }

    /// Runs `body`, keeping alsa-lib's messages on this thread from standard error, then
    /// hands each, as alsa-lib would print it, to `handler` (never inside alsa-lib), whether
    /// `body` returned or threw. Nested ``collectingMessages(_:)`` still see theirs.
    static func routingMessages<Value, Failure: Error>(to handler: ((String) -> Void)?,
                                                       _ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        guard let handler else { return try body() }
        let (result, collector) = withCollector(holdsBack: true) { Result(catching: body) }
        for line in collector.lines { handler(line) }
        return try result.get()
    }

    /// Installs a new collector and the thread-local handler for `body`, then hands what
    /// was collected to the enclosing collector and restores both.
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

    /// Formats, keeps, and prints as alsa-lib would unless silenced or held back.
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

    /// `nil` if there is no such card. C: `snd_card_get_index`.
    static func cardIndex(_ card: String) -> Int? {
        let index = snd_card_get_index(card)
        return index >= 0 ? Int(index) : nil
    }

    /// (name, description, direction); direction `Input`, `Output` or `nil` for both.
    /// C: `snd_device_name_hint`, `snd_device_name_get_hint`, `snd_device_name_free_hint`.
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

    /// C: `snd_strerror`.
    static func errorText(_ code: Int32) -> String {
        guard let text = snd_strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// C: `snd_asoundlib_version`.
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
