import InputClick

/// Negotiates a playback configuration with an open PCM: interleaved access,
/// the first acceptable sample format, channels and rate near the request
/// (48 kHz preferred, no alsa-lib resampling so that the device's real rate
/// shows), then period and buffer sizes near the latency profile. What the
/// device refuses, it replaces with the nearest it allows.
enum ALSANegotiation {
    /// Configures `pcm` and returns the format it settled on.
    static func negotiate(_ pcm: PCMHandle, device: String, request: OutputStreamRequest) throws(ALSAOutputError) -> OutputFormat {
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
            let period = try ALSACalls.setPeriodNear(pcm, params, request.latency.periodFrames(atSampleRate: rate))
            do {
                _ = try ALSACalls.setPeriodCountNear(pcm, params, request.latency.periodCount)
            } catch {
                _ = try ALSACalls.setBufferNear(pcm, params, period * request.latency.periodCount)
            }
            try ALSACalls.applyHardwareParameters(pcm, params)
            let sizes = try ALSACalls.installedSizes(params)
            // A device must grant at least one frame per period, two periods'
            // worth of buffer and some channels; anything less would spin the
            // render loop or divide by zero.
            guard sizes.period > 0, sizes.buffer >= sizes.period, sizes.channels > 0, sizes.rate > 0 else {
                throw ALSAOutputError.configurationFailed(device: device, .invalidArgument)
            }
            try ALSACalls.configureSoftware(pcm, startThreshold: sizes.buffer, availMin: sizes.period)
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
