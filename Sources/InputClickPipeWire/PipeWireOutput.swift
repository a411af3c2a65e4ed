import InputClick

/// An ``AudioOutput`` that plays to a PipeWire server natively, through
/// libpipewire-0.3's `pw_stream`, loaded at run time (a machine without
/// libpipewire runs everything else; ``PipeWireServer/find(environment:remote:)``
/// says whether a server and the library are there).
///
/// ```swift
/// let output = PipeWireOutput()
/// let player = ClickPlayer(output: output, sounds: provider)
/// ```
///
/// A stream connects when the player opens it (a keyboard shows) and stays
/// connected and streaming until the player closes it (the linger after the
/// keyboard hides), rendering silence while nothing sounds: a tap never
/// starts, stops or reconfigures anything in the server's graph. It asks the
/// graph for the request's ``OutputStreamRequest/serverLatency`` as
/// `node.latency` once, when it connects; it plays 32-bit float, interleaved,
/// at the request's rate and channels, and the server converts. The graph's
/// data loop calls the stream each cycle, on its real-time thread, and the
/// mixer renders straight into the server's buffer.
///
/// Faults: the server going away, the stream failing, or the server asking
/// for no audio for ``stallTimeoutNanoseconds`` end the stream with an
/// ``OutputFault``; the player then closes it and retries with backoff.
///
/// Thread context: every member from any thread; see ``AudioOutput``.
public final class PipeWireOutput: AudioOutput {
    /// `pipewire`, or `pipewire:<remote>` when a remote is named.
    public let name: String
    /// The remote the streams connect to (a socket name in the runtime
    /// directory, or a path), or `nil` for libpipewire's choice. As in
    /// libpipewire, `$PIPEWIRE_REMOTE` wins over it.
    public let remote: String?
    /// What the client and its streams tell the server.
    public let properties: StreamProperties
    /// How long a started stream may go without the server asking for audio
    /// before it counts as stalled. Default 500 ms, at least 200 ms
    /// (``LivenessPolicy/serverStallTimeoutNanoseconds``, ``LivenessPolicy/minimumPipeWireStallTimeoutNanoseconds``).
    public let stallTimeoutNanoseconds: UInt64
    /// How long an open waits for the server to answer and the stream to
    /// start. Default 1.5 s, within the player's own open timeout.
    public let connectTimeoutNanoseconds: UInt64
    /// The name each stream's data-loop thread takes (at most 15 bytes): the
    /// stream has a libpipewire context of its own, so that real-time
    /// thread is InputClick's render thread. Default ``RealtimeThread/renderThreadName``.
    public let threadName: String

    /// Makes an output; nothing is loaded or connected until a stream opens.
    public init(remote: String? = nil, properties: StreamProperties = StreamProperties(),
                stallTimeoutNanoseconds: UInt64 = LivenessPolicy.serverStallTimeoutNanoseconds, connectTimeoutNanoseconds: UInt64 = 1_500_000_000,
                threadName: String = RealtimeThread.renderThreadName) {
        self.threadName = threadName
        self.remote = remote
        self.properties = properties
        self.stallTimeoutNanoseconds = max(LivenessPolicy.minimumPipeWireStallTimeoutNanoseconds, stallTimeoutNanoseconds)
        self.connectTimeoutNanoseconds = max(1_000_000, connectTimeoutNanoseconds)
        name = remote.map { "pipewire:\($0)" } ?? "pipewire"
    }

    /// `true`: the server may be frozen, and libpipewire's calls then wait
    /// (the open waits up to ``connectTimeoutNanoseconds``).
    public var callsMayBlock: Bool { true }

    /// Loads libpipewire (once), connects to the server, and returns a
    /// stream that streams.
    ///
    /// The format is float, the request's rate and channels. It asks the
    /// graph for the request's latency (``ServerLatencyPolicy/frames(atSampleRate:)``)
    /// and reports what the server granted: the period is the frames the
    /// graph's first cycle asked for (its quantum, which another client's
    /// lower latency or the server's limits decide), the buffer that times
    /// the buffers the stream was given.
    ///
    /// - Throws: ``PipeWireError``: the library cannot be loaded, a call
    ///   failed (with its name and the library's or server's text), or the
    ///   server did not answer within ``connectTimeoutNanoseconds``.
    ///
    /// Thread context: a control thread; blocks while the server answers.
    public func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        let library = try PipeWireLibrary.shared.get()
        let latency = request.serverLatency.frames(atSampleRate: request.sampleRate)
        let format = OutputFormat(sampleRate: request.sampleRate, channels: request.channels, sampleFormat: .float32,
                                  periodFrames: latency, bufferFrames: 2 * latency)
        let entry = PullRenderEntry(deviceName: "the PipeWire server", format: format,
                                    stallTimeoutNanoseconds: stallTimeoutNanoseconds)
        let device = try PipeWireStream(library: library, entry: entry, properties: properties, remote: remote,
                                        threadName: threadName, connectTimeoutNanoseconds: connectTimeoutNanoseconds)
        return RenderStream(pulling: device, entry: entry)
    }

    /// The libpipewire version this process loads, such as `0.3.65`, or why it cannot.
    ///
    /// Loads the library on first use.
    public static var libraryVersion: Result<String, PipeWireError> { PipeWireLibrary.version }
}
