import CPulseAudio
import InputClick

/// Opens one PulseAudio playback stream: a ``RenderStream`` in ``ClickScheduling/rewind``
/// mode over a ``PulseAudioRenderDevice``, kept, never corked, from open to close.
///
/// Prebuf is one period: once a click sounded out the stream runs dry and the server
/// waits. A tap's first period, written at the read index, ends that wait and the server
/// rewinds its sink to play it at once; a tap on a sounding click is inserted by a
/// negative seek. Nothing is created, corked, flushed or reconfigured per tap. See README,
/// *How it is built*.
///
/// # Real-time context
/// The render thread allocates nothing (buffers are made at open), takes no lock and
/// calls no libpulse function (``PulseAudioCalls`` runs libpulse on a thread of its own).
enum PulseAudioStream {
    /// Blocks until the server answers or `timeoutMilliseconds` pass.
    static func open(library: PulseAudioLibrary, server: String?, serverName: String, properties: StreamProperties,
                     request: OutputStreamRequest, priority: Int32?, stallTimeoutNanoseconds: UInt64,
                     timeoutMilliseconds: Int) throws(PulseAudioOutputError) -> RenderStream {
        let rate = min(192_000, max(8_000, request.sampleRate))
        let channels = min(8, max(1, request.channels))
        // Periods of at least 128 frames: each is one message to the server.
        let period = max(128, request.latency.periodFrames(atSampleRate: rate))
        // A deep queue costs a click nothing (it is inserted by rewind) and
        // rides out a render thread late on a loaded machine.
        let periods = max(request.rewindBufferPeriods, request.latency.periodCount)
        let format = OutputFormat(sampleRate: rate, channels: channels, sampleFormat: .float32,
                                  periodFrames: period, bufferFrames: period * periods)
        // The calls first: the only step that can throw before the playback state is made.
        let calls = try PulseAudioCalls(library: library, clock: request.clock)
        let playback = UnsafeMutablePointer<PulseAudioPlayback>.allocate(capacity: 1)
        playback.initialize(to: PulseAudioPlayback())
        let frameBytes = UInt32(channels * 4)
        let spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(rate), channels: UInt8(channels))
        let attributes = pa_buffer_attr(maxlength: UInt32(format.bufferFrames) * frameBytes * 4,
                                        tlength: UInt32(format.bufferFrames) * frameBytes,
                                        prebuf: UInt32(period) * frameBytes, minreq: UInt32(period) * frameBytes,
                                        fragsize: UInt32.max)
        do throws(PulseAudioOutputError) {
            try calls.connect(server: server, properties: properties.entries, streamName: properties.streamName,
                              spec: spec, attributes: attributes, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            calls.close()
            playback.deallocate()
            throw error
        }
        let counters = OutputCounters()
        let device = PulseAudioRenderDevice(calls: calls, state: playback, format: format, counters: counters,
                                            graceNanoseconds: UInt64(2 * Double(period) * 1e9 / Double(rate)))
        // At least a period ahead of the modelled play position, where the server's own rewind can reach.
        return RenderStream(device: device, deviceName: "PulseAudio server \(serverName)", format: format,
                            counters: counters, scheduling: .rewind, keepsRunning: false,
                            safeguardFrames: max(request.rewindSafeguardFrames, period),
                            stallTimeoutNanoseconds: stallTimeoutNanoseconds, priority: priority)
    }
}

extension PulseAudioRenderDevice {
    /// Stops the libpulse thread and frees the playback state, after the render thread stopped.
    func close() {
        calls.close()
        state.deallocate()
    }
}
