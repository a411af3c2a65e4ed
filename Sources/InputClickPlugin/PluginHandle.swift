#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick
import Synchronization

#if _pointerBitWidth(_32)
#error("The handle tokens of PluginHandle assume 64-bit pointers")
#endif

/// What a C handle (`inputclick_context *`, `inputclick_options *`) points at: not
/// memory, but a token naming a slot of the process's handle table and its generation
/// (see README, *The C plugin*).
///
/// **Slots are reused** under the next generation once closed, so memory is bounded by
/// the handles open at once; a late call with an old token answers
/// `INPUTCLICK_ERROR_CLOSED` and never reaches the new handle. A slot whose 2³¹
/// generations are used up is retired.
///
/// **The token**: bits 0–29 the slot's index plus one (never NULL), 30–31 the kind,
/// 32–62 the generation. It is only looked up, never dereferenced: a value naming no
/// slot ever made is an invalid argument.
///
/// **Calls and closing** meet at one atomic word per slot: bit 63 "closed", bits 32–62
/// the open generation, the low 32 bits the calls under way. A call increments the
/// count and backs out if closed or of another generation; closing sets the bit and
/// sleeps on a semaphore, posted by the call that drains the count, before releasing
/// the payload. Entering and leaving are lock-free and allocation-free.
///
/// `@unchecked`: the payload is a raw pointer in an atomic; every payload is `Sendable`.
final class PluginHandle: @unchecked Sendable {
    /// Checked on every call, so an options handle passed as a context is refused.
    enum Kind: UInt, Sendable {
        case context = 1
        case options = 2

        var noun: String { self == .context ? "context" : "options" }
    }

    private static let closedBit: UInt64 = 1 << 63
    private static let countMask: UInt64 = 0xFFFF_FFFF
    private static let generationShift: UInt64 = 32
    /// The largest generation a slot holds before it is retired.
    static let lastGeneration: UInt64 = (1 << 31) - 1

    private let word = Atomic<UInt64>(PluginHandle.closedBit)
    private let payload = Atomic<UnsafeMutableRawPointer?>(nil)
    /// Posted when the last call leaves a closed slot. Never destroyed.
    private let drained: UnsafeMutablePointer<sem_t>

    private init() {
        drained = .allocate(capacity: 1)
        sem_init(drained, 0, 0)
    }

    // MARK: Tokens

    private struct Token {
        static let indexBits: UInt = 30
        static let maximumSlots = Int(1 << indexBits) - 1

        var index: Int
        var kind: Kind
        var generation: UInt64

        init(index: Int, kind: Kind, generation: UInt64) {
            self.index = index
            self.kind = kind
            self.generation = generation
        }

        /// `nil` when `pointer` cannot be a token (no slot, no kind, or the top bit set).
        init?(_ pointer: OpaquePointer) {
            let bits = UInt(bitPattern: pointer)
            let slot = Int(bits & ((1 << Self.indexBits) - 1))
            guard slot != 0, bits >> 63 == 0, let kind = Kind(rawValue: (bits >> Self.indexBits) & 3) else { return nil }
            index = slot - 1
            self.kind = kind
            generation = UInt64(bits >> 32)
        }

        var pointer: OpaquePointer {
            // Never nil: the slot field is at least 1.
            OpaquePointer(bitPattern: UInt(index + 1) | kind.rawValue << Self.indexBits | UInt(generation) << 32)!
        }
    }

    // MARK: The table

    /// Every slot ever made, in chunks never freed, found without a lock; the free slots
    /// under a lock.
    private enum Table {
        static let chunkSize = 256
        static let maximumChunks = 4_096
        static let chunks = AtomicArray<UInt>(count: maximumChunks, initial: 0)
        static let allocation = Mutex(Allocation())

        struct Allocation {
            var free: [Int] = []
            var made = 0
        }

        final class Chunk: Sendable {
            let slots: [PluginHandle]
            init() { slots = (0..<Table.chunkSize).map { _ in PluginHandle() } }
        }

        /// `nil` when no such slot was ever made. Lock-free and allocation-free.
        static func slot(_ index: Int) -> PluginHandle? {
            guard index >= 0, index < maximumChunks * chunkSize else { return nil }
            let bits = chunks[index / chunkSize].pointee.load(ordering: .acquiring)
            guard let raw = UnsafeRawPointer(bitPattern: bits) else { return nil }
            return Unmanaged<Chunk>.fromOpaque(raw).takeUnretainedValue().slots[index % chunkSize]
        }

        static func take() throws(PluginFailure) -> (index: Int, slot: PluginHandle) {
            let index = allocation.withLock { allocation -> Int? in
                if let index = allocation.free.popLast() { return index }
                guard allocation.made < min(maximumChunks * chunkSize, Token.maximumSlots) else { return nil }
                let index = allocation.made
                if index % chunkSize == 0 {
                    let chunk = Unmanaged.passRetained(Chunk()).toOpaque()
                    chunks[index / chunkSize].pointee.store(UInt(bitPattern: chunk), ordering: .releasing)
                }
                allocation.made += 1
                return index
            }
            guard let index, let slot = slot(index) else {
                throw PluginFailure(.error, "too many handles are open at once (\(maximumChunks * chunkSize)); close some first")
            }
            return (index, slot)
        }

        /// Gives `index` back for reuse, unless its generations are used up.
        static func give(_ index: Int, lastGeneration generation: UInt64) {
            guard generation < PluginHandle.lastGeneration else { return }
            allocation.withLock { $0.free.append(index) }
        }

    }

    // MARK: Making, using and closing handles

    /// - Throws: ``PluginResult/error`` when a million handles are open at once.
    static func make(_ kind: Kind, payload: AnyObject & Sendable) throws(PluginFailure) -> OpaquePointer {
        let (index, slot) = try Table.take()
        slot.payload.store(Unmanaged.passRetained(payload).toOpaque(), ordering: .releasing)
        // Open the next generation, keeping the count of late calls that are
        // backing out of an older one.
        var old = slot.word.load(ordering: .relaxed)
        while true {
            let generation = ((old & ~closedBit) >> generationShift) + 1
            let new = (old & countMask) | generation << generationShift
            let (exchanged, original) = slot.word.compareExchange(expected: old, desired: new,
                                                                    ordering: .sequentiallyConsistent)
            if exchanged { return Token(index: index, kind: kind, generation: generation).pointer }
            old = original
        }
    }

    private static func resolve(_ pointer: OpaquePointer?, _ kind: Kind) throws(PluginFailure) -> (PluginHandle, Token) {
        guard let pointer else {
            throw PluginFailure(.invalidArgument, "the \(kind.noun) handle is NULL")
        }
        guard let token = Token(pointer), let slot = Table.slot(token.index) else {
            throw PluginFailure(.invalidArgument, "the value passed as an inputclick_\(kind.noun) is no handle of this library")
        }
        guard token.kind == kind else {
            throw PluginFailure(.invalidArgument, "the handle passed as an inputclick_\(kind.noun) is an inputclick_\(token.kind.noun)")
        }
        return (slot, token)
    }

    /// Runs `body` with the handle's payload, which is not released until `body` returns.
    /// Lock-free and allocation-free when `body` is (failures build a message).
    ///
    /// - Throws: ``PluginResult/invalidArgument`` for NULL, another kind or no handle;
    ///   ``PluginResult/closed`` for a closed handle; and whatever `body` throws.
    static func with<Payload: AnyObject & Sendable, Result>(
        _ pointer: OpaquePointer?, _ kind: Kind, as type: Payload.Type,
        _ body: (PluginHandle, Payload) throws(PluginFailure) -> Result
    ) throws(PluginFailure) -> Result {
        let (handle, token) = try resolve(pointer, kind)
        guard handle.enter(generation: token.generation) else { throw closedFailure(kind) }
        defer { handle.leave() }
        guard let raw = handle.payload.load(ordering: .acquiring) else { throw closedFailure(kind) }
        return try body(handle, Unmanaged<Payload>.fromOpaque(raw).takeUnretainedValue())
    }

    private static func closedFailure(_ kind: Kind) -> PluginFailure {
        PluginFailure(.closed, "the inputclick_\(kind.noun) was already \(kind == .context ? "closed" : "destroyed")")
    }

    /// Whether closing has begun; long calls (waits) poll it to return early. Lock-free.
    var isClosing: Bool {
        word.load(ordering: .acquiring) & Self.closedBit != 0
    }

    /// Marks the handle closed, lets `interrupt` wake blocked calls, waits for calls under
    /// way, and hands the payload to `finish` before releasing it and freeing the slot.
    ///
    /// - Throws: as ``with(_:_:as:_:)``; ``PluginResult/closed`` when already closed.
    static func close<Payload: AnyObject & Sendable>(_ pointer: OpaquePointer?, _ kind: Kind, as type: Payload.Type,
                                          interrupt: (Payload) -> Void = { _ in },
                                          finish: (Payload) -> Void) throws(PluginFailure) {
        let (handle, token) = try resolve(pointer, kind)
        var old = handle.word.load(ordering: .sequentiallyConsistent)
        while true {
            guard old & closedBit == 0, old >> generationShift == token.generation else { throw closedFailure(kind) }
            let (exchanged, original) = handle.word.compareExchange(expected: old, desired: old | closedBit,
                                                                      ordering: .sequentiallyConsistent)
            if exchanged { break }
            old = original
        }
        // Wake the calls that block (waits), then wait for the calls under
        // way; new ones see the closed bit and back out.
        if let raw = handle.payload.load(ordering: .acquiring) {
            interrupt(Unmanaged<Payload>.fromOpaque(raw).takeUnretainedValue())
        }
        // Sleep until the last call under way leaves; a post left over from a
        // late call that backed out only makes the check run again.
        while handle.word.load(ordering: .sequentiallyConsistent) & countMask != 0 {
            while sem_wait(handle.drained) != 0 && errno == EINTR {}
        }
        if let raw = handle.payload.exchange(nil, ordering: .acquiringAndReleasing) {
            let payload = Unmanaged<Payload>.fromOpaque(raw)
            finish(payload.takeUnretainedValue())
            payload.release()
        }
        Table.give(token.index, lastGeneration: token.generation)
    }

    private func enter(generation: UInt64) -> Bool {
        let before = word.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue
        if before & Self.closedBit != 0 || before >> Self.generationShift != generation {
            leave()
            return false
        }
        return true
    }

    private func leave() {
        let after = word.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue
        if after & Self.closedBit != 0 && after & Self.countMask == 0 { sem_post(drained) }
    }
}
