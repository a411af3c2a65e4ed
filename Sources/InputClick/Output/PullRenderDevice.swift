/// What a ``RenderStream`` needs of a *pull* device, whose callback API calls the stream's
/// ``PullRenderEntry`` from its own real-time thread once per cycle (PipeWire's `pw_stream`; JACK would fit).
///
/// From the moment it opens, each callback brackets its work with ``PullRenderEntry/beginCycle()`` and
/// ``PullRenderEntry/endCycle()``, renders into the cycle's buffer (silence until the stream starts),
/// hands it over and reports ``PullRenderEntry/served(_:at:queuedFrames:)``; a cycle with no buffer counts
/// an underrun. Off the real-time thread it reports failures (``PullRenderEntry/fail(_:message:underlying:)``)
/// and calls ``PullRenderEntry/checkStall(now:)`` every so often. The callback follows the render path's rules.
public protocol PullRenderDevice: AnyObject, Sendable {
    /// The format granted: the entry's rate and channels, with the period and buffer the graph really runs.
    var format: OutputFormat { get }

    /// Whether the thread that calls the entry has real-time scheduling; read from any thread.
    var isRealtime: Bool { get }

    /// Stops calling the entry and releases the device; once, on the control queue, after the entry stopped.
    func close()
}
