#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Synchronization

/// The work a ``RealtimeThread`` runs, once, on the thread it started: ``run(on:)`` is the render loop,
/// follows the real-time rules and returns when the loop is done (asked to stop, or failed).
public protocol RealtimeThreadBody: AnyObject, Sendable {
    func run(on thread: RealtimeThread)

    /// Runs after ``run(on:)``, once the thread is named ``RealtimeThread/finishedThreadName``: the place to
    /// report how the loop ended, where allocating and logging are allowed again.
    func loopDidEnd(on thread: RealtimeThread)
}

extension RealtimeThreadBody {
    public func loopDidEnd(on thread: RealtimeThread) {}
}

/// A render thread: a pthread named ``renderThreadName`` that asks for SCHED_FIFO and quietly keeps normal
/// scheduling when that is not permitted. As it winds down it takes ``finishedThreadName``, so tools that
/// watch the render thread (`scripts/check-realtime-thread.sh`) see the loop, not the teardown.
public final class RealtimeThread: @unchecked Sendable {
    public static let renderThreadName = "inputclick-rt"
    public static let finishedThreadName = "inputclick-end"
    /// The SCHED_FIFO priority asked for by default.
    public static let defaultPriority: Int32 = 40

    private var handle = pthread_t()
    private let joined = Atomic<Bool>(false)
    private let realtime = Atomic<Bool>(false)
    private let body: any RealtimeThreadBody
    private let name: String
    private let priority: Int32?
    private let started = DispatchSemaphore(value: 0)

    private init(body: any RealtimeThreadBody, name: String, priority: Int32?) {
        self.body = body
        self.name = name
        self.priority = priority
    }

    /// Whether the thread got SCHED_FIFO.
    public var isRealtime: Bool { realtime.load(ordering: .acquiring) }

    /// Starts a thread running `body`; returns once it carries its name and ``isRealtime`` is settled.
    ///
    /// - Parameters:
    ///   - name: at most 15 bytes.
    ///   - priority: the SCHED_FIFO priority to ask for, or `nil` for normal scheduling.
    /// - Throws: ``RealtimeThreadError`` if the thread cannot be created.
    public static func start(name: String = renderThreadName, priority: Int32? = defaultPriority,
                             body: any RealtimeThreadBody) throws -> RealtimeThread {
        let thread = RealtimeThread(body: body, name: String(decoding: name.utf8.prefix(15), as: UTF8.self), priority: priority)
        let context = Unmanaged.passRetained(thread).toOpaque()
        let result = pthread_create(&thread.handle, nil, { raw in
            guard let raw else { return nil }
            let thread = Unmanaged<RealtimeThread>.fromOpaque(raw).takeRetainedValue()
            thread.main()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<RealtimeThread>.fromOpaque(context).release()
            throw RealtimeThreadError(code: result)
        }
        thread.started.wait()
        return thread
    }

    /// Waits for the thread to finish; idempotent. Not from the thread itself (a precondition).
    public func join() {
        guard !joined.exchange(true, ordering: .acquiringAndReleasing) else { return }
        precondition(pthread_equal(pthread_self(), handle) == 0, "a render thread cannot join itself")
        pthread_join(handle, nil)
    }

    private func main() {
        Self.setCurrentThreadName(name)
        if let priority {
            var parameters = sched_param()
            parameters.sched_priority = priority
            if pthread_setschedparam(pthread_self(), Int32(SCHED_FIFO), &parameters) == 0 {
                realtime.store(true, ordering: .releasing)
            }
        }
        started.signal()
        body.run(on: self)
        Self.setCurrentThreadName(Self.finishedThreadName)
        body.loopDidEnd(on: self)
    }

    private typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32

    /// glibc's `pthread_setname_np`, a GNU extension the Glibc module does not import.
    private static let setName: SetName? = {
        guard let symbol = dlsym(nil, "pthread_setname_np") else { return nil }
        return unsafeBitCast(symbol, to: SetName.self)
    }()

    private static func setCurrentThreadName(_ name: String) {
        guard let setName else { return }
        _ = name.withCString { setName(pthread_self(), $0) }
    }
}

/// A render thread could not be created. C: `pthread_create`.
public struct RealtimeThreadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errno `pthread_create` returned.
    public var code: Int32

    public var description: String {
        "cannot create the render thread: " + String(cString: strerror(code))
    }
}
