import CPipeWire

/// The memory libpipewire keeps pointers to while a stream lives: the hooks
/// of its listeners and the event tables they point at. Freed with this
/// object, which its stream keeps until its connection is torn down.
///
/// Thread context: made and freed on control threads; read by libpipewire.
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
