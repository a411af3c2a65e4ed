/// The way back for objects the render thread has finished with: it may not release them (the last
/// release would free memory there), so it queues each pointer with its retain for a control thread.
///
/// # Real-time context
/// ``retire(_:)`` allocates nothing and never waits (`false` when full: the caller keeps the object).
/// ``releaseAll()`` may free memory: never on the render thread.
final class RetiredObjects: @unchecked Sendable {
    private let ring: CommandRing<UnsafeMutableRawPointer>

    init(minimumCapacity: Int) {
        ring = CommandRing(minimumCapacity: minimumCapacity)
    }

    deinit {
        releaseAll()
    }

    /// `false` if the ring is full.
    func retire(_ object: UnsafeMutableRawPointer) -> Bool {
        ring.push(object)
    }

    /// A hint, but exact for the ring's only producer (the render thread): other threads only make room.
    var hasRoom: Bool { ring.hasRoom }

    func releaseAll() {
        while let object = ring.pop() { Self.release(object) }
    }

    static func release(_ object: UnsafeMutableRawPointer?) {
        guard let object else { return }
        Unmanaged<AnyObject>.fromOpaque(object).release()
    }
}
