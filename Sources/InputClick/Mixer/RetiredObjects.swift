/// The way back for objects the render thread has finished with: it may not
/// release them itself (the last release would free memory on the render
/// thread), so it queues them here and a control thread releases them later.
///
/// Each entry is an object pointer carrying one retain (from
/// `Unmanaged.passRetained`), which ``releaseAll()`` gives up.
///
/// # Real-time context
/// ``retire(_:)`` allocates nothing, takes no lock and never waits; when the
/// ring is full it returns `false` and the caller keeps the object for now.
/// ``releaseAll()`` may free memory: call it from a control thread, never
/// from the render thread.
final class RetiredObjects: @unchecked Sendable {
    private let ring: CommandRing<UnsafeMutableRawPointer>

    /// Creates a ring for at least `minimumCapacity` objects.
    init(minimumCapacity: Int) {
        ring = CommandRing(minimumCapacity: minimumCapacity)
    }

    deinit {
        releaseAll()
    }

    /// Queues `object` and its retain to be released; `false` if the ring is full.
    func retire(_ object: UnsafeMutableRawPointer) -> Bool {
        ring.push(object)
    }

    /// Whether ``retire(_:)`` would find room now: a hint in general, but
    /// exact for the ring's only producer (the render thread), since other
    /// threads can only make room.
    var hasRoom: Bool { ring.hasRoom }

    /// Releases every object queued so far.
    func releaseAll() {
        while let object = ring.pop() { Self.release(object) }
    }

    /// Gives up the retain that `object` carries, if it is not `nil`.
    static func release(_ object: UnsafeMutableRawPointer?) {
        guard let object else { return }
        Unmanaged<AnyObject>.fromOpaque(object).release()
    }
}
