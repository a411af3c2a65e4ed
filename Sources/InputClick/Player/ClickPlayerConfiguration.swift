#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a ``ClickPlayer`` behaves. Start from `ClickPlayerConfiguration()`, which holds every default.
public struct ClickPlayerConfiguration: Sendable {
    /// Default: 48 kHz stereo, low latency.
    public var stream: OutputStreamRequest
    /// Its rate and channel count are replaced by the stream's actual ones at open.
    public var mixer: MixerConfiguration
    /// How long the stream stays open after the last click-enabled view hides. Default 3 s.
    public var lingerNanoseconds: UInt64
    public var retry: RetryBackoff
    /// How many click latencies ``ClickPlayer/latency`` keeps. Default 4096.
    public var latencyCapacity: Int
    /// Called once per episode (once when the device goes away, not per retry). Default: a line on stderr.
    public var warningHandler: @Sendable (String) -> Void
    /// Called when a warned-about episode ends (the device is open again). Default `nil`: ``warningHandler``.
    public var noteHandler: (@Sendable (String) -> Void)?
    /// Called on the control queue. Default: none.
    public var eventHandler: (@Sendable (ClickPlayerEvent) -> Void)?
    /// How long an open of an output whose calls may block (``AudioOutput/callsMayBlock``) may take before it
    /// fails and is abandoned. Default 2 s (a JACK or PipeWire open takes 20–60 ms; a frozen server never answers).
    public var openTimeoutNanoseconds: UInt64 = 2_000_000_000
    /// How long the control queue waits for such a close before abandoning it. Default 200 ms, which bounds
    /// ``ClickPlayer/shutdown()``.
    public var closeTimeoutNanoseconds: UInt64 = 200_000_000
    /// Whether ``ClickSettings/serverLatency`` (from ``ClickPlayer/apply(_:)``) replaces ``stream``'s at each
    /// open. Default `false`; ``InputClickEngine`` turns it on unless the host fixed a policy
    /// (``InputClickEngine/Options/serverLatencyFromSettings``).
    public var serverLatencyFollowsSettings = false
    public var liveness: LivenessPolicy = .standard

    public init(stream: OutputStreamRequest = OutputStreamRequest(),
                mixer: MixerConfiguration = MixerConfiguration(),
                lingerNanoseconds: UInt64 = 3_000_000_000,
                retry: RetryBackoff = RetryBackoff(),
                latencyCapacity: Int = 4096,
                warningHandler: @escaping @Sendable (String) -> Void = ClickPlayerConfiguration.standardErrorWarning,
                eventHandler: (@Sendable (ClickPlayerEvent) -> Void)? = nil) {
        self.stream = stream
        self.mixer = mixer
        self.lingerNanoseconds = lingerNanoseconds
        self.retry = retry
        self.latencyCapacity = latencyCapacity
        self.warningHandler = warningHandler
        self.eventHandler = eventHandler
    }

    /// Writes `inputclick: warning: <text>` to standard error.
    public static let standardErrorWarning: @Sendable (String) -> Void = { text in
        let line = "inputclick: warning: \(text)\n"
        line.withCString { _ = write(2, $0, strlen($0)) }
    }
}
