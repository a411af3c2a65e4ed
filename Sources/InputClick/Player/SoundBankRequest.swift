/// What a ``ClickPlayer`` asks its ``SoundBankProvider`` for when a stream
/// opens or the sounds change: a bank at the stream's actual rate and
/// channel count, from the sound pack and sound theme the settings name.
public struct SoundBankRequest: Sendable, Hashable {
    /// The rate the bank's sounds must have: the stream's actual rate.
    public var sampleRate: Int
    /// The channel count the bank's sounds must have: the stream's.
    public var channels: Int
    /// The settings' sound-pack directory, or `nil` for the bundled sounds.
    public var soundPackDirectory: String?
    /// The settings' XDG sound theme, or `nil` for none.
    public var soundTheme: String?

    /// Creates a request.
    ///
    /// It only stores its arguments.
    public init(sampleRate: Int, channels: Int, soundPackDirectory: String? = nil, soundTheme: String? = nil) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.soundPackDirectory = soundPackDirectory
        self.soundTheme = soundTheme
    }
}

/// Makes the sound bank for a request: decodes and converts the sounds to the
/// requested rate and channel count. The player calls it at open time and on
/// a sound change, never at tap time. It throws when it cannot make a bank;
/// the player then warns and keeps what it had.
///
/// Thread context: called on the player's control queue.
public typealias SoundBankProvider = @Sendable (SoundBankRequest) throws -> SoundBank
