/// What a ``ClickPlayer`` asks its ``SoundBankProvider`` for: a bank at the stream's actual rate and channel
/// count, from the sound pack (`nil`: bundled sounds) and XDG sound theme the settings name.
public struct SoundBankRequest: Sendable, Hashable {
    public var sampleRate: Int
    public var channels: Int
    public var soundPackDirectory: String?
    public var soundTheme: String?

    public init(sampleRate: Int, channels: Int, soundPackDirectory: String? = nil, soundTheme: String? = nil) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.soundPackDirectory = soundPackDirectory
        self.soundTheme = soundTheme
    }

    /// Throws ``InputClickEngineError/unsupportedFormat(sampleRate:channels:)`` for a format sound banks cannot
    /// be made at.
    func requireSupportedFormat() throws {
        guard SoundBank.supportedSampleRates.contains(sampleRate), SoundBank.supportedChannelCounts.contains(channels)
        else { throw InputClickEngineError.unsupportedFormat(sampleRate: sampleRate, channels: channels) }
    }
}

/// Makes the sound bank for a request, on the player's control queue at open and on a sound change, never at
/// tap time. When it throws, the player warns and keeps what it had.
public typealias SoundBankProvider = @Sendable (SoundBankRequest) throws -> SoundBank
