import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Tells when the settings file may have changed, using inotify on the file's directory (editors save by
/// renaming over the file, which a watch on its inode would miss); other names are ignored.
///
/// While the directory is missing, the nearest existing ancestor is watched and the watch moves down as
/// components appear (a check follows at once); when a watched directory goes, it moves up. Events are
/// coalesced until 50 ms pass without one (at most 500 ms), then ``onCheck`` runs once. Idle, nothing
/// runs: a `DispatchSource` sleeps in the kernel.
///
/// Thread context: ``start()`` and ``stop()`` from any thread, callbacks included. The callbacks run one
/// at a time on the watcher's serial queue, never after ``stop()`` has returned.
final class SettingsFileWatcher: Sendable {
    /// Absolute and normalized.
    let filePath: String
    let directoryPath: String
    let fileName: String
    /// When the file may have changed.
    let onCheck: @Sendable () -> Void
    /// When watching fails; the watcher has stopped.
    let onFailure: @Sendable (SettingsError) -> Void

    private let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<Bool>()
    /// `nil` for the queue's own (the wall clock).
    private let scheduler: (any ControlScheduler)?
    private let state = Mutex(State())

    private struct State {
        var descriptor: Int32 = -1
        var watch: Int32 = -1
        var watchedPath: String?
        /// The file's name, or the next directory toward it.
        var watchedName = ""
        var source: (any DispatchSourceRead)?
        var generation: UInt64 = 0
        var firstPendingNanoseconds: UInt64?
        var running = false
        /// A stopped watcher never starts again.
        var finished = false
    }

    private static let quietPeriodNanoseconds: UInt64 = 50_000_000
    private static let maximumDelayNanoseconds: UInt64 = 500_000_000

    private static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MODIFY | IN_ATTRIB)
    private static let selfEvents = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)
    private static let appearEvents = UInt32(IN_CREATE | IN_MOVED_TO)

    /// Nothing happens until ``start()``. A `scheduler` provides the coalescing's clock and timers; the check
    /// still runs on the watcher's queue.
    init(filePath: String, scheduler: (any ControlScheduler)? = nil,
         onCheck: @escaping @Sendable () -> Void, onFailure: @escaping @Sendable (SettingsError) -> Void) {
        let path = Self.normalized(filePath)
        self.filePath = path
        self.directoryPath = SettingsFileFormat.parentDirectory(of: path)
        self.fileName = String(path[path.index(after: path.lastIndex(of: "/")!)...])
        self.onCheck = onCheck
        self.onFailure = onFailure
        self.scheduler = scheduler
        self.queue = DispatchQueue(label: "inputclick.settings-watcher")
        queue.setSpecific(key: queueKey, value: true)
    }

    deinit {
        // The read source holds only a weak reference, so this runs; close what is left.
        state.withLock { state in
            state.source?.cancel()
            state.source = nil
        }
    }

    /// The file's directory, or an ancestor while that is missing; `nil` when not watching.
    var watchedDirectory: String? { state.withLock { $0.running ? $0.watchedPath : nil } }

    var isRunning: Bool { state.withLock { $0.running } }

    /// Starts watching, then runs one check to catch a change made before the watch existed. Returns the
    /// error that kept the watch from starting (also reported to ``onFailure``), if any.
    @discardableResult
    func start() -> SettingsError? {
        onQueue {
            if state.withLock({ $0.running || $0.finished }) { return nil }
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else {
                let error = failure("cannot watch for changes: inotify_init1 failed: \(SettingsFileReader.errorText(errno))", at: directoryPath)
                onFailure(error)
                return error
            }
            // The source lives only inside the lock, so it never crosses threads unguarded.
            state.withLock { state in
                let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
                source.setEventHandler { [weak self] in self?.drainEvents() }
                source.setCancelHandler { close(descriptor) }
                state.source = source
                state.descriptor = descriptor
                state.watch = -1
                state.running = true
            }
            if let error = arm() {
                shutDown()
                onFailure(error)
                return error
            }
            // No event handler can run before this block returns: we are on the queue.
            state.withLock { $0.source?.resume() }
            onCheck()
            return nil
        }
    }

    /// For good: no callback runs after this returns, and a later ``start()`` does nothing. Idempotent.
    func stop() {
        onQueue {
            state.withLock { state in
                state.running = false
                state.finished = true
                state.generation &+= 1
                state.source?.cancel()   // The cancel handler closes the descriptor later, on the queue.
                state.source = nil
            }
        }
    }

    // MARK: On the queue

    /// Runs `body` on the queue, inline when already there.
    private func onQueue<T>(_ body: () -> T) -> T {
        if DispatchQueue.getSpecific(key: queueKey) == true { return body() }
        return queue.sync(execute: body)
    }

    private func shutDown() {
        state.withLock { state in
            state.running = false
            // A source must be resumed before it can be cancelled, or its cancel handler never runs.
            state.source?.resume()
            state.source?.cancel()
            state.source = nil
        }
    }

    /// Reacts with a check, a re-arm, or nothing.
    private func drainEvents() {
        guard let (descriptor, watch) = state.withLock({ $0.running ? ($0.descriptor, $0.watch) : nil }) else { return }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var needsCheck = false
        var needsRearm = false
        let watchedName = state.withLock { $0.watchedName }
        let watchingFileDirectory = state.withLock { $0.watchedPath == directoryPath }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                break   // EAGAIN: drained.
            }
            if count == 0 { break }
            Self.forEachEvent(in: buffer, count: count) { eventWatch, mask, name in
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    needsRearm = true
                    return
                }
                guard eventWatch == watch else { return }   // Left over from an earlier watch.
                if mask & Self.selfEvents != 0 {
                    needsRearm = true
                } else if name == watchedName {
                    if watchingFileDirectory {
                        if mask & Self.fileEvents != 0 { needsCheck = true }
                    } else if mask & Self.appearEvents != 0 {
                        needsRearm = true
                    }
                }
            }
        }
        if needsRearm {
            if let error = arm() {
                stop()
                onFailure(error)
                return
            }
            needsCheck = true
        }
        if needsCheck { scheduleCheck() }
    }

    /// Watches the deepest existing directory toward the file's. A directory created between a deeper
    /// watch failing and the ancestor's watch (`mkdir -p`) would go unreported, so after arming on an
    /// ancestor it looks again and arms deeper if it can (bounded by the path's components).
    private func arm() -> SettingsError? {
        let descriptor = state.withLock { $0.descriptor }
        for _ in 0..<64 {
            let oldWatch = state.withLock { $0.watch }
            if oldWatch >= 0 { _ = inotify_rm_watch(descriptor, oldWatch) }
            var candidate = directoryPath
            while true {
                let isFileDirectory = candidate == directoryPath
                let events = isFileDirectory ? Self.fileEvents : Self.appearEvents
                let mask = events | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
                let watch = inotify_add_watch(descriptor, candidate, mask)
                if watch >= 0 {
                    let name = isFileDirectory ? fileName : Self.nextComponent(from: candidate, toward: directoryPath)
                    state.withLock { state in
                        state.watch = watch
                        state.watchedPath = candidate
                        state.watchedName = name
                    }
                    if isFileDirectory || !Self.isDirectory(candidate == "/" ? "/" + name : candidate + "/" + name) {
                        return nil
                    }
                    break   // The next directory appeared meanwhile: arm again, deeper.
                }
                let code = errno
                if (code == ENOENT || code == ENOTDIR) && candidate != "/" {
                    candidate = SettingsFileFormat.parentDirectory(of: candidate)
                    continue
                }
                var problem = "cannot watch for changes: inotify_add_watch failed: \(SettingsFileReader.errorText(code))"
                if code == ENOSPC { problem += " (the limit fs.inotify.max_user_watches is reached)" }
                state.withLock { $0.watch = -1 }
                return failure(problem, at: candidate)
            }
        }
        return nil   // Directories keep appearing and vanishing; the last watch stands.
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private func scheduleCheck() {
        let now = (scheduler?.clock ?? .monotonic).now()
        let (generation, delay): (UInt64, UInt64) = state.withLock { state in
            state.generation &+= 1
            let first = state.firstPendingNanoseconds ?? now
            state.firstPendingNanoseconds = first
            let waited = now - first
            let delay = waited >= Self.maximumDelayNanoseconds ? 0 : min(Self.quietPeriodNanoseconds, Self.maximumDelayNanoseconds - waited)
            return (state.generation, delay)
        }
        guard let scheduler else {
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(delay))) { [weak self] in
                self?.checkIfDue(generation)
            }
            return
        }
        scheduler.execute(afterNanoseconds: delay) { [weak self] in
            guard let self else { return }
            self.onQueue { self.checkIfDue(generation) }
        }
    }

    /// Runs ``onCheck`` unless events came after the timer of `generation` was set, or the watcher stopped.
    private func checkIfDue(_ generation: UInt64) {
        let due = state.withLock { state in
            guard state.running, state.generation == generation else { return false }
            state.firstPendingNanoseconds = nil
            return true
        }
        if due { onCheck() }
    }

    private func failure(_ problem: String, at path: String) -> SettingsError {
        SettingsError(kind: .watchFailed, file: path, problem: problem)
    }

    // MARK: Pure helpers

    /// Calls `body(watch, mask, name)` for each `struct inotify_event` in the first `count` bytes.
    static func forEachEvent(in buffer: [UInt8], count: Int, _ body: (Int32, UInt32, String) -> Void) {
        buffer.withUnsafeBytes { raw in
            var offset = 0
            let headerSize = 16   // int wd; uint32_t mask, cookie, len;
            while offset + headerSize <= count {
                let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + headerSize
                guard nameStart + length <= count else { return }
                let nameBytes = raw[nameStart..<(nameStart + length)].prefix { $0 != 0 }
                body(watch, mask, String(decoding: nameBytes, as: UTF8.self))
                offset = nameStart + length
            }
        }
    }

    /// The first component of `target` below `ancestor`: `a` for `/x` and `/x/a/b`.
    static func nextComponent(from ancestor: String, toward target: String) -> String {
        let rest = target.dropFirst(ancestor == "/" ? 1 : ancestor.count + 1)
        return String(rest.prefix { $0 != "/" })
    }

    /// `path` made absolute and free of `.`, `..`, empty components and a trailing slash.
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
