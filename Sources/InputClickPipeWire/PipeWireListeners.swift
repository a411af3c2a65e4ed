import CPipeWire

/// The memory libpipewire points to while a stream lives (hooks and event tables); the
/// stream keeps it until its connection is torn down.
final class PipeWireListeners: @unchecked Sendable {
    let coreHook = PipeWireListeners.make(spa_hook())
    let stateHook = PipeWireListeners.make(spa_hook())
    let processHook = PipeWireListeners.make(spa_hook())
    let coreEvents = PipeWireListeners.make(pw_core_events())
    let stateEvents = PipeWireListeners.make(pw_stream_events())
    let processEvents = PipeWireListeners.make(pw_stream_events())

    deinit {
        coreHook.deallocate()
        stateHook.deallocate()
        processHook.deallocate()
        coreEvents.deallocate()
        stateEvents.deallocate()
        processEvents.deallocate()
    }

    private static func make<T>(_ value: T) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: value)
        return pointer
    }
}
