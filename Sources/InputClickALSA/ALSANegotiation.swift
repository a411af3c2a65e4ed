import InputClick

/// Negotiates a playback configuration with an open PCM: interleaved access,
/// the first acceptable sample format, channels and rate near the request
/// (48 kHz preferred, no alsa-lib resampling so that the device's real rate
/// shows), then period and buffer sizes near the latency profile. What the
/// device refuses, it replaces with the nearest it allows.
///
/// In ``ClickScheduling/rewind`` mode the buffer holds at least
/// ``OutputStreamRequest/rewindBufferPeriods`` periods and the writer is
/// woken when half of it is free; otherwise it is woken every period. A
/// stream kept running on a sound server's graph
/// (``ALSADeviceChain/keepsRunning(preferring:)``) is woken every
/// ``OutputStreamRequest/serverLatency`` frames instead (the `pipewire`
/// plugin asks its graph for that latency, `node.latency`, from the wake-up
/// size), with a buffer of at least four times that. The device never starts
/// by itself: the render loop starts it. On a chain that ends in `pulse`,
/// periods are at least ``ALSADeviceChain/minimumPeriodFrames(atSampleRate:)``
/// and the start threshold is the buffer plus a period rather than alsa-lib's
/// boundary (see ``ALSADeviceChain/endsInPulseAudio``).
enum ALSANegotiation {
    /// The room at which the device wakes the writer (its `avail_min`): half
    /// the buffer in rewind mode, a period otherwise, and for a stream kept
    /// running on a server's graph the latency asked of the graph (the
    /// `pipewire` plugin asks its graph for `avail_min`). The render loop
    /// tops up at the same room (``RenderLoop``'s `refillRoomFrames`), so a
    /// wake-up always finds work: a loop that waited for more room than the
    /// device wakes it at would spin.
    static func wakeFrames(period: Int, buffer: Int, scheduling: ClickScheduling, keepsRunning: Bool,
                           serverLatency: Int) -> Int {
        let period = max(1, period)
        if keepsRunning { return max(period, min(buffer / 2, serverLatency / period * period)) }
        return scheduling == .rewind ? max(period, buffer / period / 2 * period) : period
    }

    /// Configures `pcm` for `scheduling` and returns the format it settled on.
    static func negotiate(_ pcm: PCMHandle, device: String, request: OutputStreamRequest,
                          scheduling: ClickScheduling, chain: ALSADeviceChain? = nil) throws(ALSAOutputError) -> OutputFormat {
        let params: HardwareParameters
        do {
            params = try ALSACalls.makeHardwareParameters(pcm)
        } catch {
            throw .configurationFailed(device: device, error)
        }
        defer { ALSACalls.freeHardwareParameters(params) }
        do {
            try ALSACalls.setInterleavedAccess(pcm, params)
            guard let format = request.sampleFormats.first(where: { ALSACalls.accepts(pcm, params, $0) }) else {
                throw ALSAOutputError.noUsableFormat(device: device, tried: request.sampleFormats.map(\.description))
            }
            try ALSACalls.setFormat(pcm, params, format)
            _ = try ALSACalls.setChannelsNear(pcm, params, request.channels)
            // Some plugins refuse to turn resampling off; then the rate they offer is what plays.
            try? ALSACalls.setResampling(pcm, params, false)
            let rate = try ALSACalls.setRateNear(pcm, params, request.sampleRate)
            let asked = max(request.latency.periodFrames(atSampleRate: rate),
                            chain?.minimumPeriodFrames(atSampleRate: rate) ?? 0)
            let period = try ALSACalls.setPeriodNear(pcm, params, asked)
            let keepsRunning = chain?.keepsRunning(preferring: request.scheduling) ?? false
            let serverLatency = request.serverLatency.frames(atSampleRate: rate)
            var periods = scheduling == .rewind ? max(request.latency.periodCount, request.rewindBufferPeriods)
                                                : request.latency.periodCount
            if keepsRunning { periods = min(256, max(periods, (4 * serverLatency + period - 1) / max(1, period))) }
            do {
                _ = try ALSACalls.setPeriodCountNear(pcm, params, periods)
            } catch {
                _ = try ALSACalls.setBufferNear(pcm, params, period * periods)
            }
            try ALSACalls.applyHardwareParameters(pcm, params)
            let sizes = try ALSACalls.installedSizes(params)
            // A device must grant at least one frame per period, two periods'
            // worth of buffer and some channels; anything less would spin the
            // render loop or divide by zero.
            guard sizes.period > 0, sizes.buffer >= sizes.period, sizes.channels > 0, sizes.rate > 0 else {
                throw ALSAOutputError.configurationFailed(device: device, .invalidArgument)
            }
            let wakeAt = wakeFrames(period: sizes.period, buffer: sizes.buffer, scheduling: scheduling,
                                    keepsRunning: keepsRunning, serverLatency: serverLatency)
            let startThreshold = chain?.endsInPulseAudio == true ? sizes.buffer + sizes.period : nil
            try ALSACalls.configureSoftware(pcm, availMin: wakeAt, startThreshold: startThreshold)
            return OutputFormat(sampleRate: sizes.rate, channels: sizes.channels, sampleFormat: format,
                                periodFrames: sizes.period, bufferFrames: sizes.buffer)
        } catch let error as ALSAOutputError {
            throw error
        } catch let error as ALSAError {
            throw .configurationFailed(device: device, error)
        } catch {
            throw .configurationFailed(device: device, ALSAError(rawValue: -22))
        }
    }
}
