import InputClick

/// Negotiates a playback configuration with an open PCM: interleaved access, the first
/// acceptable format, channels and rate near the request (no alsa-lib resampling, so the
/// real rate shows), then period and buffer near the latency profile, taking the nearest
/// the device allows. Rewind mode keeps at least ``OutputStreamRequest/rewindBufferPeriods``
/// periods; a stream kept running on a server's graph at least four times
/// ``OutputStreamRequest/serverLatency``. The render loop, not the device, starts it.
enum ALSANegotiation {
    /// The device's `avail_min`: half the buffer in rewind mode, a period otherwise, and the
    /// server latency for a stream kept running (the `pipewire` plugin asks its graph for
    /// `avail_min`). The render loop tops up at the same room, or a wake-up would find no work.
    static func wakeFrames(period: Int, buffer: Int, scheduling: ClickScheduling, keepsRunning: Bool,
                           serverLatency: Int) -> Int {
        let period = max(1, period)
        if keepsRunning { return max(period, min(buffer / 2, serverLatency / period * period)) }
        return scheduling == .rewind ? max(period, buffer / period / 2 * period) : period
    }

    /// The frames a `chain` that takes whole cycles (``ALSADeviceChain/takesWholeCycles``) takes at once, in
    /// `format`: its smallest period at that format, rate and channel count (a `plug` above it would otherwise
    /// count the periods of rates it could convert from). `nil` for other chains, or if the device will not say.
    static func transferCycleFrames(_ pcm: PCMHandle, chain: ALSADeviceChain, format: OutputFormat) -> Int? {
        guard chain.takesWholeCycles, let params = try? ALSACalls.makeHardwareParameters(pcm) else { return nil }
        defer { ALSACalls.freeHardwareParameters(params) }
        do {
            try ALSACalls.setInterleavedAccess(pcm, params)
            try ALSACalls.setFormat(pcm, params, format.sampleFormat)
            guard try ALSACalls.setChannelsNear(pcm, params, format.channels) == format.channels else { return nil }
            try? ALSACalls.setResampling(pcm, params, false)
            guard try ALSACalls.setRateNear(pcm, params, format.sampleRate) == format.sampleRate else { return nil }
            let frames = try ALSACalls.smallestPeriod(params)
            return frames > 0 ? frames : nil
        } catch {
            return nil
        }
    }

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
