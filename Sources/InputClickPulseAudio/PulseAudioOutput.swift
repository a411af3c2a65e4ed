import InputClick

/// An ``AudioOutput`` that plays to a PulseAudio server (or PipeWire's
/// pipewire-pulse) through libpulse, loaded at run time: a machine without
/// libpulse needs nothing, and gets a clear error when a stream opens.
///
/// ```swift
/// if PulseAudioServer.discover().isUsable {
///     let player = ClickPlayer(output: PulseAudioOutput(), sounds: provider)
/// }
/// ```
///
/// Each stream connects when the player opens it (a keyboard shows) and
/// stays connected, never corked, until it is closed; a tap creates, corks
/// or reconfigures nothing on the server (see ``PulseAudioStream``). The
/// stream is float32 at the requested rate and channels (the server
/// converts), tells the server it is an event sound (``StreamProperties``),
/// and never spawns a server.
///
/// A server that fails or goes away ends the stream with an
/// ``OutputFault`` of kind ``OutputFault/Kind/deviceLost``; one that freezes
/// stops asking for audio and the stream ends as ``OutputFault/Kind/stalled``.
/// The player then closes it and retries with backoff.
///
/// Thread context: every member from any thread; see ``AudioOutput``.
public final class PulseAudioOutput: AudioOutput {
    /// The server asked for (a `$PULSE_SERVER`-style address), or `nil` for the one libpulse finds.
    public let server: String?
    /// What the server is told about the stream.
    public let properties: StreamProperties
    /// The SCHED_FIFO priority the render thread asks for; `nil` for normal scheduling.
    public let renderPriority: Int32?
    /// How long the server may take no audio (ask for none) while a click
    /// sounds before the stream counts as lost (at least twice the buffer
    /// and a period). Default 500 ms (``LivenessPolicy/serverStallTimeoutNanoseconds``).
    public let stallTimeoutNanoseconds: UInt64
    /// How long opening a stream waits for the server: to connect, and then
    /// to start mixing the new stream in. Default 3000 ms: a healthy
    /// PulseAudio's null sink may hold up to 2 s it mixed before the stream
    /// connected, which must play out first (see ``PulseAudioStream``).
    public let openTimeoutMilliseconds: Int

    /// Makes an output; nothing connects until a stream opens.
    public init(server: String? = nil, properties: StreamProperties = StreamProperties(),
                renderPriority: Int32? = RealtimeThread.defaultPriority, stallTimeoutNanoseconds: UInt64 = LivenessPolicy.serverStallTimeoutNanoseconds,
                openTimeoutMilliseconds: Int = 3_000) {
        self.server = server
        self.properties = properties
        self.renderPriority = renderPriority
        self.stallTimeoutNanoseconds = max(LivenessPolicy.minimumStallTimeoutNanoseconds, stallTimeoutNanoseconds)
        self.openTimeoutMilliseconds = max(1, openTimeoutMilliseconds)
    }

    /// Why libpulse cannot be loaded here (the loader's text), or `nil` when it loads.
    ///
    /// Loads libpulse on first use.
    public static var libraryProblem: String? {
        switch PulseAudioLibrary.loaded {
        case .success: return nil
        case .failure(let error): return error.description
        }
    }

    /// `pulseaudio`, or `pulseaudio:<server>` when one is named.
    public var name: String { server.map { "pulseaudio:\($0)" } ?? "pulseaudio" }

    /// `true`: opening waits for the server's answers (up to
    /// ``openTimeoutMilliseconds``). Closing never waits.
    public var callsMayBlock: Bool { true }

    /// ``openTimeoutMilliseconds``: the player waits that long for an open.
    public var openTimeLimitNanoseconds: UInt64? { UInt64(openTimeoutMilliseconds) * 1_000_000 }

    /// Loads libpulse if needed, connects to the server and opens the playback stream.
    ///
    /// - Throws: ``PulseAudioOutputError/libraryUnavailable(reason:)`` when
    ///   libpulse cannot be loaded, ``PulseAudioOutputError/callFailed(call:code:text:)``
    ///   naming the call and `pa_strerror`'s text when the server refuses
    ///   or is not there, ``PulseAudioOutputError/timedOut(call:milliseconds:)``
    ///   when it does not answer.
    ///
    /// Thread context: a control thread; blocks until the server answers.
    public func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        let library = try PulseAudioLibrary.require()
        return try PulseAudioStream.open(library: library, server: server, serverName: server ?? "(default)",
                                         properties: properties, request: request, priority: renderPriority,
                                         stallTimeoutNanoseconds: stallTimeoutNanoseconds,
                                         timeoutMilliseconds: openTimeoutMilliseconds)
    }

    /// libpulse's version (`pa_get_library_version`), or `nil` when it does not load.
    public static var libraryVersion: String? {
        guard case .success(let library) = PulseAudioLibrary.loaded,
              let text = library.api.pa_get_library_version!() else { return nil }
        return String(cString: text)
    }
}
