extension DecodedSound {
    /// Rate converted with libsamplerate (sinc, medium quality) and channels fitted by ``ChannelMapping``;
    /// unchanged when both already match.
    ///
    /// - Throws: ``SoundLoadError`` naming ``source``: ``SoundLoadError/Reason/unsupportedFormat(_:)`` when
    ///   the rates differ by more than 256× or a count is not positive, ``SoundLoadError/Reason/conversionFailed(_:)``
    ///   with `src_strerror`'s text.
    public func converted(toSampleRate targetRate: Int, channels targetChannels: Int) throws(SoundLoadError) -> DecodedSound {
        guard targetRate > 0, targetChannels > 0 else {
            throw SoundLoadError(path: source, reason: .unsupportedFormat(
                "cannot convert to \(targetChannels) channel(s) at \(targetRate) Hz"))
        }
        guard SampleRateConverter.canConvert(from: sampleRate, to: targetRate) else {
            throw SoundLoadError(path: source, reason: .unsupportedFormat(
                "\(sampleRate) Hz cannot be converted to \(targetRate) Hz (libsamplerate converts by a factor of at most 256)"))
        }
        var audio = samples
        var width = channels
        // Map first when that leaves fewer channels to resample.
        if targetChannels < width {
            audio = ChannelMapping.map(audio, from: width, to: targetChannels)
            width = targetChannels
        }
        do {
            audio = try SampleRateConverter.convert(audio, channels: width, from: sampleRate, to: targetRate)
        } catch {
            throw SoundLoadError(path: source, reason: .conversionFailed(error.message))
        }
        if targetChannels > width { audio = ChannelMapping.map(audio, from: width, to: targetChannels) }
        for i in audio.indices where !audio[i].isFinite { audio[i] = 0 }
        return DecodedSound(samples: audio, sampleRate: targetRate, channels: targetChannels, source: source)
    }
}
