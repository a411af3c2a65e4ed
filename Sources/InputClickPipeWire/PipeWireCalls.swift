import CPipeWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Every libpipewire call of the package, through the table that
// inputclick_pw_load filled: the one place that calls into the library.
// Control-side calls must be made with the thread loop's lock held (or before
// its thread starts), as libpipewire requires; the three stream calls marked
// real-time are the process callback's.
extension PipeWireLibrary {
    /// `pw_init`, once per process (from ``shared``).
    func initialize() { api.init_library!(nil, nil) }

    /// `pw_get_library_version`.
    func libraryVersion() -> String { api.get_library_version!().map { String(cString: $0) } ?? "unknown" }

    /// `pw_thread_loop_new`: a loop with a thread of its own named `name`; nil with errno set.
    func newThreadLoop(named name: String) -> OpaquePointer? { api.thread_loop_new!(name, nil) }

    /// `pw_thread_loop_destroy`.
    func destroyThreadLoop(_ loop: OpaquePointer) { api.thread_loop_destroy!(loop) }

    /// `pw_thread_loop_get_loop`.
    func loop(of threadLoop: OpaquePointer) -> UnsafeMutablePointer<pw_loop> { api.thread_loop_get_loop!(threadLoop)! }

    /// `pw_thread_loop_start`: a negative errno on failure.
    func startThreadLoop(_ loop: OpaquePointer) -> Int32 { api.thread_loop_start!(loop) }

    /// `pw_thread_loop_stop`: stops and joins the loop's thread; without the lock.
    func stopThreadLoop(_ loop: OpaquePointer) { api.thread_loop_stop!(loop) }

    /// `pw_thread_loop_lock`.
    func lock(_ loop: OpaquePointer) { api.thread_loop_lock!(loop) }

    /// `pw_thread_loop_unlock`.
    func unlock(_ loop: OpaquePointer) { api.thread_loop_unlock!(loop) }

    /// `pw_thread_loop_signal`: wakes a ``wait(_:untilNanosecondsFromNow:)``.
    func signal(_ loop: OpaquePointer) { api.thread_loop_signal!(loop, false) }

    /// `pw_thread_loop_timed_wait_full`: with the lock held (released while waiting) until
    /// signalled or `deadline`; `false` when the time is up.
    func wait(_ loop: OpaquePointer, until deadline: inout timespec) -> Bool {
        api.thread_loop_timed_wait_full!(loop, &deadline) == 0
    }

    /// `pw_thread_loop_get_time`: the loop's clock `nanoseconds` from now.
    func deadline(_ loop: OpaquePointer, inNanoseconds nanoseconds: UInt64) -> timespec {
        var deadline = timespec()
        _ = api.thread_loop_get_time!(loop, &deadline, Int64(nanoseconds))
        return deadline
    }

    /// `pw_properties_new_dict`, then `pw_properties_set` for each; owned by the call it goes to.
    func newProperties(_ properties: [(key: String, value: String)]) -> UnsafeMutablePointer<pw_properties>? {
        var empty = spa_dict(flags: 0, n_items: 0, items: nil)
        guard let made = api.properties_new_dict!(&empty) else { return nil }
        for (key, value) in properties { _ = api.properties_set!(made, key, value) }
        return made
    }

    /// `pw_context_new`, which takes ownership of `properties`; nil with errno set.
    func newContext(_ loop: UnsafeMutablePointer<pw_loop>, _ properties: UnsafeMutablePointer<pw_properties>?) -> OpaquePointer? {
        api.context_new!(loop, properties, 0)
    }

    /// `pw_context_destroy`.
    func destroyContext(_ context: OpaquePointer) { api.context_destroy!(context) }

    /// `pw_context_connect`, which takes ownership of `properties`; nil with errno set.
    func connect(_ context: OpaquePointer, _ properties: UnsafeMutablePointer<pw_properties>?) -> OpaquePointer? {
        api.context_connect!(context, properties, 0)
    }

    /// `pw_core_disconnect`.
    func disconnect(core: OpaquePointer) { _ = api.core_disconnect!(core) }

    /// `pw_core_add_listener` (a macro of the header; see CPipeWire.h).
    func addListener(core: OpaquePointer, _ hook: UnsafeMutablePointer<spa_hook>,
                     _ events: UnsafePointer<pw_core_events>, _ data: UnsafeMutableRawPointer) {
        _ = inputclick_pw_core_add_listener(core, hook, events, data)
    }

    /// `pw_loop_add_timer` and `pw_loop_update_timer` (macros): calls `callback` on the loop's thread.
    func addRepeatingTimer(_ loop: UnsafeMutablePointer<pw_loop>,
                           _ callback: @convention(c) (UnsafeMutableRawPointer?, UInt64) -> Void,
                           _ data: UnsafeMutableRawPointer, intervalNanoseconds: UInt64) -> Bool {
        inputclick_pw_add_repeating_timer(loop, callback, data, intervalNanoseconds) != nil
    }

    /// `pw_loop_add_event` (a macro): calls `callback` on the loop's thread once
    /// ``signalEvent(_:on:)`` wakes it; nil if it could not be made.
    func addEvent(_ loop: UnsafeMutablePointer<pw_loop>,
                  _ callback: @convention(c) (UnsafeMutableRawPointer?, UInt64) -> Void,
                  _ data: UnsafeMutableRawPointer) -> UnsafeMutablePointer<spa_source>? {
        inputclick_pw_add_event(loop, callback, data)
    }

    /// `pw_loop_signal_event` (a macro): an eventfd write, safe on the data loop.
    @inline(__always)
    func signalEvent(_ event: UnsafeMutablePointer<spa_source>, on loop: UnsafeMutablePointer<pw_loop>) {
        _ = inputclick_pw_signal_event(loop, event)
    }

    /// `spa_hook_remove` (inline in the header).
    func remove(_ hook: UnsafeMutablePointer<spa_hook>) { inputclick_pw_hook_remove(hook) }

    /// `pw_stream_new`, which takes ownership of `properties`; nil with errno set.
    func newStream(_ core: OpaquePointer, named name: String, _ properties: UnsafeMutablePointer<pw_properties>?) -> OpaquePointer? {
        api.stream_new!(core, name, properties)
    }

    /// `pw_stream_add_listener`.
    func addListener(stream: OpaquePointer, _ hook: UnsafeMutablePointer<spa_hook>,
                     _ events: UnsafePointer<pw_stream_events>, _ data: UnsafeMutableRawPointer) {
        api.stream_add_listener!(stream, hook, events, data)
    }

    /// `pw_stream_connect` for playback to any node; a negative errno on failure.
    func connectPlayback(_ stream: OpaquePointer, flags: pw_stream_flags, format: UnsafePointer<spa_pod>) -> Int32 {
        var params: [UnsafePointer<spa_pod>?] = [format]
        return api.stream_connect!(stream, SPA_DIRECTION_OUTPUT, UInt32.max /* PW_ID_ANY */, flags, &params, 1)
    }

    /// `pw_stream_disconnect`.
    func disconnect(stream: OpaquePointer) { _ = api.stream_disconnect!(stream) }

    /// `pw_stream_destroy`.
    func destroy(stream: OpaquePointer) { api.stream_destroy!(stream) }

    /// `pw_stream_dequeue_buffer`; nil when no buffer is free. Real-time safe.
    @inline(__always)
    func dequeueBuffer(_ stream: OpaquePointer) -> UnsafeMutablePointer<pw_buffer>? { api.stream_dequeue_buffer!(stream) }

    /// `pw_stream_queue_buffer`. Real-time safe.
    @inline(__always)
    func queueBuffer(_ stream: OpaquePointer, _ buffer: UnsafeMutablePointer<pw_buffer>) {
        _ = api.stream_queue_buffer!(stream, buffer)
    }

    /// `pw_stream_get_time_n` into `time`; `false` on failure. Real-time safe.
    @inline(__always)
    func time(_ stream: OpaquePointer, into time: UnsafeMutablePointer<pw_time>) -> Bool {
        api.stream_get_time_n!(stream, time, MemoryLayout<pw_time>.size) == 0
    }
}
