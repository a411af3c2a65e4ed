import InputClick

/// Which key transitions click, and how: `listen`'s rule, the same for live
/// keyboards and replayed recordings.
///
/// - A press and each autorepeat of a held key click (the gate's rate limit
///   then thins fast repeats).
/// - With ``keyUp``, a release clicks too (``ClickPlacement/isRelease``): the
///   sound pack's release sound for the kind (`key-up.wav`, `space-up.wav`…)
///   when it has one, else the press sound ``releaseGainDecibels`` quieter.
/// - With ``panning``, each click sits at its key's pan (``KeyLayout``);
///   without it, every click is centred.
public struct ListenClickRule: Sendable, Hashable {
    /// How much quieter a release plays than a press when the pack has no
    /// release sound for it: −10 dB (``ClickPlacement/releaseFallbackGainDecibels``).
    public static let releaseGainDecibels: Float = ClickPlacement.releaseFallbackGainDecibels

    /// Whether releases click.
    public var keyUp: Bool
    /// Whether clicks are panned by the key's column.
    public var panning: Bool

    public init(keyUp: Bool = false, panning: Bool = false) {
        self.keyUp = keyUp
        self.panning = panning
    }

    /// The click for `action` and its placement, or `nil` when it makes none.
    public func click(for action: KeyAction) -> (kind: ClickKind, placement: ClickPlacement)? {
        let pan = panning ? action.click.pan : 0
        switch action.transition {
        case .press, .autorepeat:
            return (action.click.kind, ClickPlacement(pan: pan))
        case .release:
            return keyUp ? (action.click.kind, ClickPlacement(pan: pan, isRelease: true)) : nil
        }
    }
}
