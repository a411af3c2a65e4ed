/// A bank that always has all five sounds, and what went wrong on the way.
public struct SoundBankLoad: Sendable {
    /// Pack sounds where they loaded, bundled sounds everywhere else.
    public let bank: SoundBank
    /// Every file or directory refused, with its reason, in file-name order.
    public let problems: [SoundLoadError]
    public let sources: [ClickKind: SoundSource]
    /// Always the pack; a kind missing here plays its press sound, quieter, on release.
    public let releaseSources: [ClickKind: SoundSource]
}
