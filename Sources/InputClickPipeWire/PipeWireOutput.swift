import InputClick

/// An ``AudioOutput`` that plays to a PipeWire server natively, through libpipewire-0.3's
/// `pw_stream`, loaded at run time (``PipeWireServer/find(environment:remote:)`` says
/// whether a server and the library are there).
///
/// ```swift
/// let output = PipeWireOutput()
/// let player = ClickPlayer(output: output, sounds: provider)
/// ```
///
/// A stream stays connected and streaming (silence while nothing sounds) from open to
/// close, so a tap never changes the server's graph; it asks the graph for
/// ``OutputStreamRequest/serverLatency`` once, plays 32-bit float, and the mixer renders
/// straight into the server's buffer on the data loop. The server going away, the stream
/// failing or no ask for audio within ``stallTimeoutNanoseconds`` is an ``OutputFault``.
public final class PipeWireOutput: AudioOutput {
    /// `pipewire`, or `pipewire:<remote>` when a remote is named.
    public let name: String
    /// A socket name in the runtime directory or a path; `nil` for libpipewire's choice.
    /// `$PIPEWIRE_REMOTE` wins over it.
    public let remote: String?
    public let properties: StreamProperties
    /// Without the server asking for audio, before a started stream counts as stalled. Default 500 ms, at
    /// least 200 ms (``LivenessPolicy/serverStallTimeoutNanoseconds``, its PipeWire floor).
    public let stallTimeoutNanoseconds: UInt64
    /// For the server to answer and the stream to start. Default 1.5 s, within the player's.
    public let connectTimeoutNanoseconds: UInt64
    /// At most 15 bytes: each stream has its own libpipewire context, so its data loop is
    /// InputClick's render thread. Default ``RealtimeThread/renderThreadName``.
    public let threadName: String

    /// Nothing is loaded or connected until a stream opens.
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

    /// `true`: libpipewire's calls wait on a frozen server (an open up to ``connectTimeoutNanoseconds``).
    public var callsMayBlock: Bool { true }

    /// Loads libpipewire (once), connects, and returns a streaming stream in float at the
    /// request's rate and channels. The format reports the grant: the period is the graph's
    /// first cycle (its quantum), the buffer that times the buffers given. Blocks while the
    /// server answers.
    ///
    /// - Throws: ``PipeWireError``: the library cannot be loaded, a call failed (with its
    ///   name and text), or the server did not answer within ``connectTimeoutNanoseconds``.
    public func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        let library = try PipeWireLibrary.shared.get()
        let latency = request.serverLatency.frames(atSampleRate: request.sampleRate)
        let format = OutputFormat(sampleRate: request.sampleRate, channels: request.channels, sampleFormat: .float32,
                                  periodFrames: latency, bufferFrames: 2 * latency)
        // Real time, whatever the request's clock: the graph times its cycles by CLOCK_MONOTONIC.
        let entry = PullRenderEntry(deviceName: "the PipeWire server", format: format,
                                    stallTimeoutNanoseconds: stallTimeoutNanoseconds, clock: .monotonic)
        let device = try PipeWireStream(library: library, entry: entry, properties: properties, remote: remote,
                                        threadName: threadName, connectTimeoutNanoseconds: connectTimeoutNanoseconds)
        return RenderStream(pulling: device, entry: entry)
    }

    /// Such as `0.3.65`, or why it cannot be loaded. Loads the library on first use.
    public static var libraryVersion: Result<String, PipeWireError> { PipeWireLibrary.version }
}
