import InputClick
import Synchronization

/// A ``ControlScheduler`` with manual time: nothing runs until the test says so, and its ``clock`` (a
/// ``SimulatedClock``) moves only when the test advances it.
///
/// ```swift
/// let scheduler = ManualControlScheduler()
/// let player = ClickPlayer(output: output, scheduler: scheduler, sounds: provider)
/// player.clickEnabledInputViewVisibilityChanged(true)
/// scheduler.runPending()                            // the stream opens
/// scheduler.advance(byNanoseconds: 3_000_000_000)   // time passes
/// ```
///
/// Thread context: any thread, but not the running or waiting calls from inside a work item; work runs
/// on the calling thread, one item at a time.
public final class ManualControlScheduler: ControlScheduler {
    private struct Item {
        var due: UInt64
        var order: Int
        var work: @Sendable () -> Void
    }

    private struct State {
        var nextOrder = 0
        var items: [Item] = []
    }

    private let state = Mutex(State())
    /// Set only behind `state`'s lock, so items and time move together.
    private let time: SimulatedClock
    private let running = Mutex<Void>(())
    /// The thread running an item now (``CurrentThread/id``), 0 while none is.
    private let worker = Atomic<UInt>(0)
    /// Posted at each item queued.
    private let queued = RenderProgressSignal()

    public init(start: UInt64 = 0) {
        time = SimulatedClock(start: start)
    }

    public var clock: ClickClock { .simulated(time) }

    public var pendingCount: Int { state.withLock { $0.items.count } }

    /// Blocks until an item is queued or waiting for its time (another
    /// thread gave the scheduler work), woken by each one queued; whether
    /// one was within `timeoutNanoseconds` of real time.
    public func waitUntilPending(timeoutNanoseconds: UInt64 = 10_000_000_000) -> Bool {
        waitUntilPending(moreThan: 0, timeoutNanoseconds: timeoutNanoseconds)
    }

    /// Blocks until more than `count` items are queued or waiting (another
    /// thread added one to those a test knows of), as ``waitUntilPending(timeoutNanoseconds:)``.
    public func waitUntilPending(moreThan count: Int, timeoutNanoseconds: UInt64 = 10_000_000_000) -> Bool {
        queued.wait(untilNanoseconds: MonotonicClock.deadline(after: .nanoseconds(timeoutNanoseconds))) { pendingCount > count }
    }

    public func execute(_ work: @escaping @Sendable () -> Void) {
        enqueue(afterNanoseconds: 0, work)
    }

    public func execute(afterNanoseconds nanoseconds: UInt64, _ work: @escaping @Sendable () -> Void) {
        enqueue(afterNanoseconds: nanoseconds, work)
    }

    public func executeAndWait(_ work: @escaping @Sendable () -> Void) {
        runPending()
        run(work)
    }

    /// Including items they queue for now.
    public func runPending() {
        while let item = takeDue() {
            run(item.work)
        }
    }

    public var isRunningControlWork: Bool { worker.load(ordering: .acquiring) == CurrentThread.id }

    private func run(_ work: () -> Void) {
        running.withLock { _ in
            worker.store(CurrentThread.id, ordering: .releasing)
            defer { worker.store(0, ordering: .releasing) }
            work()
        }
    }

    /// Runs each item when its time comes, in time order.
    public func advance(byNanoseconds nanoseconds: UInt64) {
        let target = state.withLock { _ in time.now + nanoseconds }
        while true {
            runPending()
            let moved = state.withLock { state -> Bool in
                guard let next = state.items.map(\.due).min(), next <= target else { return false }
                time.set(max(time.now, next))
                return true
            }
            if !moved { break }
        }
        state.withLock { _ in time.set(max(time.now, target)) }
        runPending()
    }

    private func enqueue(afterNanoseconds nanoseconds: UInt64, _ work: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.items.append(Item(due: time.now + nanoseconds, order: state.nextOrder, work: work))
            state.nextOrder += 1
        }
        queued.signal()
    }

    private func takeDue() -> Item? {
        state.withLock { state -> Item? in
            var best: Int?
            let now = time.now
            for (index, item) in state.items.enumerated() where item.due <= now {
                if let current = best {
                    let other = state.items[current]
                    if (item.due, item.order) < (other.due, other.order) { best = index }
                } else {
                    best = index
                }
            }
            guard let best else { return nil }
            return state.items.remove(at: best)
        }
    }
}
