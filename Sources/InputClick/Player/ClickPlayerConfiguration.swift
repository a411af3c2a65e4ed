#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a ``ClickPlayer`` behaves. Start from `ClickPlayerConfiguration()`,
/// which holds every default, and change what you need.
public struct ClickPlayerConfiguration: Sendable {
    /// What to ask the output for: rate, channels, formats, latency profile.
    /// Default: 48 kHz stereo, low latency.
    public var stream: OutputStreamRequest
    /// The mixer's settings. Its rate and channel count are replaced by the
    /// stream's actual ones at open.
    public var mixer: MixerConfiguration
    /// How long the stream stays open after the last click-enabled view hides,
    /// in nanoseconds. Default 3 s.
    public var lingerNanoseconds: UInt64
    /// The waits between attempts to open a device that failed.
    public var retry: RetryBackoff
    /// How many click latencies the stats ring keeps. Default 4096.
    public var latencyCapacity: Int
    /// Called with each warning, once per episode (for example once when the
    /// device goes away, not on every retry). Default: a line on stderr.
    public var warningHandler: @Sendable (String) -> Void
    /// Called with news that an episode warned about ended (the device is
    /// open again). Default `nil`: the ``warningHandler`` gets it.
    public var noteHandler: (@Sendable (String) -> Void)?
    /// Called with every ``ClickPlayerEvent``, on the control queue. Default: none.
    public var eventHandler: (@Sendable (ClickPlayerEvent) -> Void)?
    /// How long an open of an output whose calls may block
    /// (``AudioOutput/callsMayBlock``) may take before it counts as failed
    /// and is abandoned to its own thread, in nanoseconds. Default 2 s:
    /// opening a JACK or PipeWire client takes 20–60 ms here, and a frozen
    /// server never answers.
    public var openTimeoutNanoseconds: UInt64 = 2_000_000_000
    /// How long the control queue waits for such an output's stream to
    /// close before it abandons the close to its own thread, in
    /// nanoseconds. Default 200 ms, so that ``ClickPlayer/shutdown()``
    /// returns within about that whatever the server does.
    public var closeTimeoutNanoseconds: UInt64 = 200_000_000
    /// Whether the user's ``ClickSettings/serverLatency`` (applied with
    /// ``ClickPlayer/apply(_:)``) replaces ``stream``'s `serverLatency` when
    /// a stream opens. Default `false`: a player asks what its configuration
    /// says. ``InputClickEngine``, which owns the user's settings, turns it on
    /// unless its options say the host fixed a policy
    /// (``InputClickEngine/Options/serverLatencyFromSettings``).
    public var serverLatencyFollowsSettings = false
    /// The limits after which a tap, a click or a device is no longer
    /// trusted (hold, stale clicks, suspect device, healthy run). Default
    /// ``LivenessPolicy/standard``. The output's stall timeout is the output's.
    public var liveness: LivenessPolicy = .standard

    /// Creates a configuration; every argument has the documented default.
    ///
    /// It only stores its arguments.
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
