/// A place clicks can be played: a sound device, a null sink, an offline
/// buffer for tests. A ``ClickPlayer`` opens one stream at a time through it.
///
/// Obligations of a conformer:
/// - ``openStream(_:)`` negotiates with the device, takes the nearest format
///   and sizes the device allows, and returns a stream that reports what it
///   got in ``AudioOutputStream/format``. It may block while the device opens,
///   but must not wait indefinitely. It throws when the device cannot be
///   opened now; the player retries later.
/// - Several streams may not be open at once through one output; the player
///   closes one before it opens the next.
///
/// Thread context: ``openStream(_:)`` is called on the player's control
/// queue, never on a render thread.
public protocol AudioOutput: AnyObject, Sendable {
    /// A name for messages, such as the device name.
    var name: String { get }

    /// Opens a stream, negotiating the format and sizes with the device.
    ///
    /// May block while the device opens.
    func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream

    /// Whether ``openStream(_:)`` and ``AudioOutputStream/close()`` may wait
    /// on something outside the process for as long as it likes (a sound
    /// server that froze). The player then runs them on threads of their
    /// own and waits for them only so long (see ``ClickPlayerConfiguration/openTimeoutNanoseconds``).
    /// Default `false`: the calls return promptly, and the player makes them
    /// on its control queue.
    var callsMayBlock: Bool { get }

    /// How long ``openStream(_:)`` may take of its own accord against a
    /// healthy server, in nanoseconds, when that can be longer than
    /// ``ClickPlayerConfiguration/openTimeoutNanoseconds`` (PulseAudio waits
    /// for its sink to mix the new stream in). The player then gives an open
    /// that long, and half a second more, before it abandons it. Default `nil`.
    var openTimeLimitNanoseconds: UInt64? { get }
}

extension AudioOutput {
    /// `false`: see ``AudioOutput/callsMayBlock``.
    public var callsMayBlock: Bool { false }

    /// `nil`: see ``AudioOutput/openTimeLimitNanoseconds``.
    public var openTimeLimitNanoseconds: UInt64? { nil }
}

/// One open stream of an ``AudioOutput``: a device held open, and after
/// ``start(rendering:onFault:)`` a render thread feeding it.
///
/// Obligations of a conformer:
/// - ``format`` is the format actually negotiated, fixed for the stream's life.
/// - ``start(rendering:onFault:)`` starts one render thread (named
///   ``RealtimeThread/renderThreadName`` when it is a real thread) that
///   renders ``OutputRenderer`` one period at a time, converts to the device's
///   sample format, writes, and then calls
///   ``OutputRenderer/didWrite(at:framesQueuedAfterWrite:)``. The render loop
///   allocates nothing, takes no lock, does no logging.
/// - Recoverable trouble (underruns, suspends) is recovered in place and
///   counted in ``counters``.
/// - Unrecoverable trouble stops the render loop, and then `onFault` is
///   called once, from the render thread after it has left its loop. The
///   stream stays open until ``close()``.
/// - ``close()`` stops the render thread, waits for it, and releases the
///   device. It is idempotent, and must not hang even when the device is gone.
///
/// Thread context: ``start(rendering:onFault:)`` and ``close()`` on the
/// player's control queue; ``format`` and ``counters`` from any thread.
public protocol AudioOutputStream: AnyObject, Sendable {
    /// The negotiated format.
    var format: OutputFormat { get }

    /// Underruns and suspends recovered so far.
    var counters: OutputCounters { get }

    /// How the stream schedules clicks: ``ClickScheduling/rewind``,
    /// ``ClickScheduling/onDemand`` or ``ClickScheduling/append``.
    var scheduling: ClickScheduling { get }

    /// Whether the render thread runs with real-time scheduling (SCHED_FIFO).
    var isRealtime: Bool { get }

    /// Starts rendering `renderer` until ``close()`` or a fault.
    ///
    /// - Parameters:
    ///   - renderer: What the render thread renders; its format equals ``format``.
    ///   - onFault: Called at most once, from the render thread after it has
    ///     stopped rendering. It must return quickly and must not call
    ///     ``close()`` itself; hand the work to a queue.
    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws

    /// Stops the render thread, waits for it, and releases the device. Idempotent.
    func close()

    /// Whether the device runs from the first write until close, never
    /// stopped while silent (``RenderLoop/keepsRunning``).
    var keepsRunning: Bool { get }
}

extension AudioOutputStream {
    /// A stream that renders without pause while open appends every click.
    public var scheduling: ClickScheduling { .append }
    /// `true` for ``ClickScheduling/append``, else `false`.
    public var keepsRunning: Bool { scheduling == .append }
}
