import InputClick

/// An ``AudioOutput`` that plays to a PulseAudio server (or pipewire-pulse) through
/// libpulse, loaded at run time: a machine without it gets a clear error when a stream opens.
///
/// ```swift
/// if PulseAudioServer.discover().isUsable {
///     let player = ClickPlayer(output: PulseAudioOutput(), sounds: provider)
/// }
/// ```
///
/// Each stream stays connected, never corked, from open to close (see
/// ``PulseAudioStream``); float32, announced as an event sound; it never spawns a server.
/// A server gone is an ``OutputFault/Kind/deviceLost`` fault, a frozen one ``OutputFault/Kind/stalled``.
public final class PulseAudioOutput: AudioOutput {
    /// A `$PULSE_SERVER`-style address, or `nil` for the one libpulse finds.
    public let server: String?
    public let properties: StreamProperties
    /// `nil` for normal scheduling.
    public let renderPriority: Int32?
    /// How long the server may ask for no audio while a click sounds before the stream counts
    /// as lost (at least twice the buffer and a period). Default ``LivenessPolicy/serverStallTimeoutNanoseconds``.
    public let stallTimeoutNanoseconds: UInt64
    /// For the server to connect and start mixing the new stream in. Default 3000 ms: a
    /// healthy null sink may hold up to 2 s mixed ahead, which must play out first.
    public let openTimeoutMilliseconds: Int

    /// Nothing connects until a stream opens.
    public init(server: String? = nil, properties: StreamProperties = StreamProperties(),
                renderPriority: Int32? = RealtimeThread.defaultPriority, stallTimeoutNanoseconds: UInt64 = LivenessPolicy.serverStallTimeoutNanoseconds,
                openTimeoutMilliseconds: Int = 3_000) {
        self.server = server
        self.properties = properties
        self.renderPriority = renderPriority
        self.stallTimeoutNanoseconds = max(LivenessPolicy.minimumStallTimeoutNanoseconds, stallTimeoutNanoseconds)
        self.openTimeoutMilliseconds = max(1, openTimeoutMilliseconds)
    }

    /// The loader's text, or `nil` when libpulse loads (loading it on first use).
    public static var libraryProblem: String? {
        switch PulseAudioLibrary.loaded {
        case .success: return nil
        case .failure(let error): return error.description
        }
    }

    /// `pulseaudio`, or `pulseaudio:<server>` when one is named.
    public var name: String { server.map { "pulseaudio:\($0)" } ?? "pulseaudio" }

    /// `true`: opening waits for the server (up to ``openTimeoutMilliseconds``); closing never does.
    public var callsMayBlock: Bool { true }

    /// The player waits that long for an open.
    public var openTimeLimitNanoseconds: UInt64? { UInt64(openTimeoutMilliseconds) * 1_000_000 }

    /// Loads libpulse if needed and opens the playback stream; blocks until the server answers.
    ///
    /// - Throws: ``PulseAudioOutputError/libraryUnavailable(reason:)``,
    ///   ``PulseAudioOutputError/callFailed(call:code:text:)`` naming the call with `pa_strerror`'s
    ///   text, or ``PulseAudioOutputError/timedOut(call:milliseconds:)``.
    public func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
        let library = try PulseAudioLibrary.require()
        return try PulseAudioStream.open(library: library, server: server, serverName: server ?? "(default)",
                                         properties: properties, request: request, priority: renderPriority,
                                         stallTimeoutNanoseconds: stallTimeoutNanoseconds,
                                         timeoutMilliseconds: openTimeoutMilliseconds)
    }

    /// `pa_get_library_version`; `nil` when libpulse does not load.
    public static var libraryVersion: String? {
        guard case .success(let library) = PulseAudioLibrary.loaded,
              let text = library.api.pa_get_library_version!() else { return nil }
        return String(cString: text)
    }
}
