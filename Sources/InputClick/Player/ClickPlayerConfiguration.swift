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
    /// Called with every ``ClickPlayerEvent``, on the control queue. Default: none.
    public var eventHandler: (@Sendable (ClickPlayerEvent) -> Void)?

    /// Creates a configuration; every argument has the documented default.
    ///
    /// Thread context: any thread; it only stores its arguments.
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
    ///
    /// Thread context: any thread.
    public static let standardErrorWarning: @Sendable (String) -> Void = { text in
        let line = "inputclick: warning: \(text)\n"
        line.withCString { _ = write(2, $0, strlen($0)) }
    }
}
