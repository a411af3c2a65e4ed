/// A fixed row of slots holding the retained objects the render thread reads (banks, streams) through
/// raw pointers, never touching their reference counts. ``retire(_:lastUse:)`` hands an object and its
/// retain to ``RetiredObjects`` for a control thread to release.
///
/// # Real-time context
/// Everything but `init` and `deinit` allocates nothing and never waits. Once the mixer is built the
/// slots are the render thread's alone; `deinit` runs when no thread renders any more.
final class RetiringSlots {
    let count: Int
    private let objects: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let retired: RetiredObjects

    init(count: Int, retiringInto retired: RetiredObjects) {
        self.count = count
        self.retired = retired
        objects = .allocate(capacity: count)
        objects.initialize(repeating: nil, count: count)
    }

    deinit {
        for slot in 0..<count { RetiredObjects.release(objects[slot]) }
        objects.deallocate()
    }

    /// `nil` if the slot is free.
    @inline(__always)
    subscript(slot: Int) -> UnsafeMutableRawPointer? { objects[slot] }

    var isEmpty: Bool {
        for slot in 0..<count where objects[slot] != nil { return false }
        return true
    }

    /// Puts `object`, whose retain the slots now own, in the first free slot; `nil` if every slot is taken.
    func occupy(_ object: UnsafeMutableRawPointer) -> Int? {
        for slot in 0..<count where objects[slot] == nil {
            objects[slot] = object
            return slot
        }
        return nil
    }

    func slot(of object: UnsafeMutableRawPointer) -> Int? {
        for slot in 0..<count where objects[slot] == object { return slot }
        return nil
    }

    /// Empties `slot` after a last use of its object (`lastUse`, which runs before it goes in the ring,
    /// since a control thread may release it at once). `false`, leaving the object in place, if the ring is
    /// full (try again later: `lastUse` must bear running again).
    func retire(_ slot: Int, lastUse: (UnsafeMutableRawPointer) -> Void = { _ in }) -> Bool {
        guard let object = objects[slot] else { return true }
        // The render thread is the ring's only producer, so room seen here
        // is still there below; the check spares `lastUse` a wasted run.
        guard retired.hasRoom else { return false }
        lastUse(object)
        guard retired.retire(object) else { return false }
        objects[slot] = nil
        return true
    }
}
