import CPulseAudio
import InputClick
import Synchronization

/// One open PulseAudio playback stream: connected when the player opens it
/// (a keyboard shows) and kept, never corked, until ``close()``; a render
/// thread runs the shared ``RenderLoop`` over it in ``ClickScheduling/rewind``
/// mode (``PulseAudioRenderDevice``).
///
/// The stream asks for prebuf of one period: once the render loop has
/// written the last audible frame and stopped, the stream runs dry and the
/// server waits, prebuffering, with nothing to send or ask. A tap's first
/// period, written at the server's read index, ends that wait, and the
/// server rewinds its sink to play it at once. A tap while a click still
/// sounds is inserted by a rewind of what is queued (a negative seek), which
/// the server turns into a rewind of its sink where it had already mixed
/// those frames. Nothing is created, corked, flushed or reconfigured on the
/// server per tap.
///
/// # Real-time context
/// The render thread allocates nothing (every buffer is made at open), takes
/// no lock and calls no libpulse function: libpulse runs on a thread of its
/// own (``PulseAudioCalls``), which sends the writes the render thread queues.
///
/// Thread context: ``start(rendering:onFault:)`` and ``close()`` on the
/// player's control queue; the connection is used by the render thread
/// alone between them.
final class PulseAudioStream: AudioOutputStream, @unchecked Sendable {
    let format: OutputFormat
    let counters = OutputCounters()
    var scheduling: ClickScheduling { .rewind }
    var keepsRunning: Bool { false }
    /// The server the stream plays to, for messages.
    let serverName: String

    private let calls: PulseAudioCalls
    private let priority: Int32?
    private let safeguardFrames: Int
    private let stallTimeoutNanoseconds: UInt64
    private let isClosed = Atomic<Bool>(false)
    private let host = Mutex<RenderThreadHost<PulseAudioRenderDevice>?>(nil)
    private let floatBuffer: UnsafeMutablePointer<Float>
    private let playback: UnsafeMutablePointer<PulseAudioPlayback>

    /// Connects to the server and opens the playback stream.
    ///
    /// Thread context: a control thread; blocks until the server answers or `timeoutMilliseconds` pass.
    init(library: PulseAudioLibrary, server: String?, serverName: String, properties: StreamProperties,
         request: OutputStreamRequest, priority: Int32?, stallTimeoutNanoseconds: UInt64,
         timeoutMilliseconds: Int) throws(PulseAudioOutputError) {
        let rate = min(192_000, max(8_000, request.sampleRate))
        let channels = min(8, max(1, request.channels))
        // Periods of at least 128 frames: each is one message to the server.
        let period = max(128, request.latency.periodFrames(atSampleRate: rate))
        // A deep queue costs a click nothing (it is inserted by rewind) and
        // rides out a render thread late on a loaded machine.
        let periods = max(request.rewindBufferPeriods, request.latency.periodCount)
        format = OutputFormat(sampleRate: rate, channels: channels, sampleFormat: .float32,
                              periodFrames: period, bufferFrames: period * periods)
        self.serverName = serverName
        self.priority = priority
        // At least a period ahead of the modelled play position, where the server's own rewind can reach.
        safeguardFrames = max(request.rewindSafeguardFrames, period)
        let cycle = UInt64(format.bufferFrames + format.periodFrames) * 1_000_000_000 / UInt64(rate)
        self.stallTimeoutNanoseconds = max(stallTimeoutNanoseconds, 2 * cycle)
        // The calls first: the only step that can throw before every stored
        // property is set, when deinit would not run to free the buffers.
        calls = try PulseAudioCalls(library: library)
        floatBuffer = .allocate(capacity: period * channels)
        floatBuffer.initialize(repeating: 0, count: period * channels)
        playback = .allocate(capacity: 1)
        playback.initialize(to: PulseAudioPlayback())
        let frameBytes = UInt32(channels * 4)
        let spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(rate), channels: UInt8(channels))
        let attributes = pa_buffer_attr(maxlength: UInt32(format.bufferFrames) * frameBytes * 4,
                                        tlength: UInt32(format.bufferFrames) * frameBytes,
                                        prebuf: UInt32(period) * frameBytes, minreq: UInt32(period) * frameBytes,
                                        fragsize: UInt32.max)
        try calls.connect(server: server, properties: properties.entries, streamName: properties.streamName,
                          spec: spec, attributes: attributes, timeoutMilliseconds: timeoutMilliseconds)
    }

    deinit {
        close()
        floatBuffer.deallocate()
        playback.deallocate()
    }

    var isRealtime: Bool { host.withLock { $0?.isRealtime ?? false } }

    func start(rendering renderer: OutputRenderer, onFault: @escaping @Sendable (OutputFault) -> Void) throws {
        precondition(renderer.format.sampleRate == format.sampleRate && renderer.format.channels == format.channels,
                     "the renderer's format must match the stream's")
        precondition(host.withLock { $0 == nil } && !isClosed.load(ordering: .acquiring), "a PulseAudio stream starts once")
        renderer.mixer.prepareHistory(periods: format.bufferFrames / format.periodFrames + 1)
        let stop = StopFlag(wakeup: renderer.mixer.wakeup)
        let period = Double(format.periodFrames) * 1e9 / Double(format.sampleRate)
        let device = PulseAudioRenderDevice(calls: calls, state: playback, format: format, counters: counters,
                                            graceNanoseconds: UInt64(2 * period))
        let loop = RenderLoop(device: device, renderer: renderer, scheduling: .rewind, format: format,
                          fillFrames: format.bufferFrames, safeguardFrames: safeguardFrames,
                          stallTimeoutNanoseconds: stallTimeoutNanoseconds, counters: counters, stopRequested: stop,
                          keepsRunning: false, floatBuffer: floatBuffer, deviceBuffer: UnsafeMutableRawPointer(floatBuffer))
        let server = serverName, milliseconds = stallTimeoutNanoseconds / 1_000_000
        let started = try RenderThreadHost.start(loop: loop, stop: stop, priority: priority, describe: { end in
            switch end {
            case .stopRequested:
                return nil
            case .stalled:
                return OutputFault(kind: .stalled, message: "PulseAudio server \(server) stopped taking audio for \(milliseconds) ms",
                                   underlying: PulseAudioOutputError.timedOut(call: "pa_stream_write", milliseconds: Int(milliseconds)))
            case .failed(let error):
                return OutputFault(kind: error.meansDeviceLost ? .deviceLost : .failed,
                                   message: "PulseAudio server \(server): \(error)", underlying: error)
            }
        }, onFault: onFault)
        host.withLock { $0 = started }
    }

    func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        host.withLock { $0 }?.stop()
        calls.close()
    }
}
