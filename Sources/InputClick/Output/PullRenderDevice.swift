/// What a ``RenderStream`` needs of a *pull* device: one whose callback API
/// calls the stream's ``PullRenderEntry`` from its own real-time thread,
/// once per cycle (PipeWire's `pw_stream`; a JACK client would be one too).
///
/// Obligations of a conformer:
/// - From the moment it opens, every cycle of its callback brackets its
///   work with ``PullRenderEntry/beginCycle()`` and
///   ``PullRenderEntry/endCycle()``: it takes the cycle's buffer, lets the
///   cycle render into it (``PullRenderCycle/render(into:frameCount:)``:
///   silence until the stream starts), hands it over, and reports that with
///   ``PullRenderEntry/served(_:at:queuedFrames:)``. A cycle that gets no
///   buffer counts an underrun in ``PullRenderEntry/counters``.
/// - It reports what it sees go wrong with
///   ``PullRenderEntry/fail(_:message:underlying:)``, and lets the entry look
///   for a stall (``PullRenderEntry/checkStall(now:)``) every so often, on a
///   thread of its own (never the real-time one).
///
/// # Real-time context
/// The callback follows the render path's rules: it allocates nothing, takes
/// no lock, does no logging and never blocks.
///
/// Thread context: ``isRealtime`` from any thread; ``close()`` once, on the
/// control queue.
public protocol PullRenderDevice: AnyObject, Sendable {
    /// The format the server granted: the entry's rate and channels, with the
    /// period and buffer the server's graph really runs (they can differ
    /// from what the entry's format asked).
    var format: OutputFormat { get }

    /// Whether the thread that calls the entry has real-time scheduling.
    var isRealtime: Bool { get }

    /// Stops calling the entry and releases the device. Called once, after
    /// the entry stopped rendering (``PullRenderEntry/close()``).
    func close()
}
