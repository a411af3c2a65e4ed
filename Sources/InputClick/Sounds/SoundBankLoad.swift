/// The result of loading a sound bank: a bank that always has all five
/// sounds, and what went wrong on the way.
public struct SoundBankLoad: Sendable {
    /// The bank: pack sounds where they loaded, bundled sounds everywhere else.
    public let bank: SoundBank
    /// Every file or directory that was refused, with its reason, in file-name
    /// order. Empty when everything in the pack loaded (or no pack was given).
    public let problems: [SoundLoadError]
    /// Where each kind's sound came from: pack, theme or bundled.
    public let sources: [ClickKind: SoundSource]
    /// Where each release sound came from (always the pack), for the kinds
    /// that have one; a kind missing here plays its press sound, quieter, on release.
    public let releaseSources: [ClickKind: SoundSource]
}
