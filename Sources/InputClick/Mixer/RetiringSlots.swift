/// A fixed row of slots for the objects the render thread reads (sound banks,
/// host streams), each holding one retained object or nothing.
///
/// A control thread sends an object with a retain; the render thread puts it
/// in a free slot (``occupy(_:)``) and reads it there through its raw
/// pointer, never touching its reference count. When it stops using one,
/// ``retire(_:lastUse:)`` empties the slot and hands the object and its retain to
/// ``RetiredObjects``, which a control thread releases later. The slots
/// release whatever they still hold when they are freed.
///
/// # Real-time context
/// Everything but `init` and `deinit` allocates nothing, takes no lock and
/// never waits. Once the mixer is built, the slots are the render thread's
/// alone (the mixer's history reads them on that thread); `deinit` runs when
/// no thread renders any more.
final class RetiringSlots {
    /// The number of slots.
    let count: Int
    private let objects: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let retired: RetiredObjects

    /// Creates `count` empty slots that retire their objects into `retired`.
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

    /// The object in `slot`, or `nil` if the slot is free.
    @inline(__always)
    subscript(slot: Int) -> UnsafeMutableRawPointer? { objects[slot] }

    /// Whether every slot is free.
    var isEmpty: Bool {
        for slot in 0..<count where objects[slot] != nil { return false }
        return true
    }

    /// Puts `object`, which carries a retain the slots now own, in the first
    /// free slot and returns it; `nil`, changing nothing, if every slot is taken.
    func occupy(_ object: UnsafeMutableRawPointer) -> Int? {
        for slot in 0..<count where objects[slot] == nil {
            objects[slot] = object
            return slot
        }
        return nil
    }

    /// The slot holding `object`, if any.
    func slot(of object: UnsafeMutableRawPointer) -> Int? {
        for slot in 0..<count where objects[slot] == object { return slot }
        return nil
    }

    /// Empties `slot` and sends its object to be released, after a last use
    /// of it (`lastUse`), made while the slot's retain still keeps it alive.
    ///
    /// Once the object is in the ring, a control thread may release it at
    /// any moment, so `lastUse` runs before it goes in.
    ///
    /// - Returns: `false`, leaving the object in its slot, if the ring of
    ///   retired objects is full (try again later; `lastUse` must bear
    ///   running again); `true` if the object was sent, or the slot was
    ///   already free.
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
