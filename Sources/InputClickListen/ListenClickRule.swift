import InputClick

/// Which key transitions click, the same for live keyboards and replays: a press and each autorepeat
/// (the gate thins fast repeats); with ``keyUp`` a release too (``ClickPlacement/isRelease``); with
/// ``panning`` each click at its key's pan (``KeyLayout``), else centred.
public struct ListenClickRule: Sendable, Hashable {
    /// For a release when the pack has no release sound (``ClickPlacement/releaseFallbackGainDecibels``).
    public static let releaseGainDecibels: Float = ClickPlacement.releaseFallbackGainDecibels

    public var keyUp: Bool
    /// By the key's column.
    public var panning: Bool

    public init(keyUp: Bool = false, panning: Bool = false) {
        self.keyUp = keyUp
        self.panning = panning
    }

    /// `nil` when `action` makes no click.
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
