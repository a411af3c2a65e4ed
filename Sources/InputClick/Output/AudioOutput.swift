/// A place clicks can be played: a sound device, a null sink, an offline buffer for tests. A ``ClickPlayer``
/// opens one stream at a time through it, on its control queue, closing one before it opens the next.
///
/// ``openStream(_:)`` takes the nearest format and sizes the device allows, reports them in
/// ``AudioOutputStream/format``, may block while the device opens but never indefinitely, and throws when
/// the device cannot be opened now (the player retries later).
public protocol AudioOutput: AnyObject, Sendable {
    /// A name for messages, such as the device name.
    var name: String { get }

    func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream

    /// Whether ``openStream(_:)`` and ``AudioOutputStream/close()`` may wait indefinitely on something outside
    /// the process (a frozen sound server): the player then runs them on threads of their own, bounded by
    /// ``ClickPlayerConfiguration/openTimeoutNanoseconds``. Default `false`: they run on the control queue.
    var callsMayBlock: Bool { get }

    /// How long an open may take against a healthy server when that exceeds
    /// ``ClickPlayerConfiguration/openTimeoutNanoseconds`` (PulseAudio waits for its sink to mix the stream in);
    /// the player allows that and half a second more. Default `nil`.
    var openTimeLimitNanoseconds: UInt64? { get }
}

extension AudioOutput {
    public var callsMayBlock: Bool { false }

    public var openTimeLimitNanoseconds: UInt64? { nil }
}

/// One open stream of an ``AudioOutput``; ``RenderStream`` is the implementation every backend uses.
///
/// ``format`` is what was negotiated, fixed for the stream's life. Recoverable trouble (underruns, suspends)
/// is recovered in place and counted in ``counters``; unrecoverable trouble stops rendering, then `onFault`
/// is called once. ``start(rendering:onFault:)`` and ``close()`` run on the player's control queue;
/// ``close()`` is idempotent and must not hang even when the device is gone.
public protocol AudioOutputStream: AnyObject, Sendable {
    var format: OutputFormat { get }

    var counters: OutputCounters { get }

    var scheduling: ClickScheduling { get }

    /// Whether the render thread runs with real-time scheduling (SCHED_FIFO).
    var isRealtime: Bool { get }

    /// Renders `renderer` (whose format equals ``format``) until ``close()`` or a fault. `onFault` is called at
    /// most once, after rendering stopped; it must return quickly and not call ``close()`` itself.
    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws

    /// Stops rendering, waits for it, and releases the device.
    func close()

    /// Whether the device runs from the first write until close (``RenderLoop/keepsRunning``).
    var keepsRunning: Bool { get }
}

extension AudioOutputStream {
    /// A stream that renders without pause while open appends every click.
    public var scheduling: ClickScheduling { .append }
    public var keepsRunning: Bool { scheduling == .append }
}
