/// The recipes of the five bundled clicks: one family told apart by pitch, colour and length (a crisp
/// `key` tick, a more tonal `modifier`, a soft `delete` thock, a deeper `space`, a fuller `return` with a
/// second contact).
enum BundledSoundRecipes {
    static func recipe(_ kind: ClickKind) -> ClickRecipe {
        switch kind {
        case .key: return key
        case .delete: return delete
        case .modifier: return modifier
        case .space: return space
        case .return: return `return`
        }
    }

    static let key = ClickRecipe(
        durationMilliseconds: 25, attackMilliseconds: 0.15, fadeOutMilliseconds: 7,
        modes: [
            .init(frequency: 2_650, level: 0.8, decayMilliseconds: 3.4, startPhase: .zero),
            .init(frequency: 5_900, level: 0.25, decayMilliseconds: 1.1, startPhase: .zero),
            .init(frequency: 720, level: 0.18, decayMilliseconds: 3.5),
        ],
        noise: [.init(centre: 4_400, q: 0.9, level: 0.45, decayMilliseconds: 1.3)],
        seed: 0x6B65_7900)

    static let modifier = ClickRecipe(
        durationMilliseconds: 26, attackMilliseconds: 0.2, fadeOutMilliseconds: 7,
        modes: [
            .init(frequency: 1_480, level: 0.8, decayMilliseconds: 4.4, startPhase: .zero),
            .init(frequency: 3_350, level: 0.3, decayMilliseconds: 1.8, startPhase: .zero),
            .init(frequency: 470, level: 0.2, decayMilliseconds: 4.5),
        ],
        noise: [.init(centre: 2_600, q: 1.2, level: 0.45, decayMilliseconds: 0.9)],
        seed: 0x6D6F_6400)

    static let delete = ClickRecipe(
        durationMilliseconds: 36, attackMilliseconds: 0.3, fadeOutMilliseconds: 9,
        modes: [
            .init(frequency: 310, startFrequency: 390, glideMilliseconds: 2, level: 1.0, decayMilliseconds: 4.5),
            .init(frequency: 830, level: 0.6, decayMilliseconds: 3.2, startPhase: .zeroAreaInverted),
            .init(frequency: 1_900, level: 0.15, decayMilliseconds: 1.4),
        ],
        noise: [.init(centre: 1_250, q: 0.7, level: 1.1, decayMilliseconds: 1.5)],
        seed: 0x6465_6C00)

    static let space = ClickRecipe(
        durationMilliseconds: 48, attackMilliseconds: 0.35, fadeOutMilliseconds: 12,
        modes: [
            .init(frequency: 215, startFrequency: 275, glideMilliseconds: 2.5, level: 1.0, decayMilliseconds: 5.2),
            .init(frequency: 570, level: 0.6, decayMilliseconds: 4.5),
            .init(frequency: 1_420, level: 0.15, decayMilliseconds: 1.8),
        ],
        noise: [.init(centre: 950, q: 0.7, level: 1.3, decayMilliseconds: 1.6)],
        seed: 0x7370_6100)

    static let `return` = ClickRecipe(
        durationMilliseconds: 44, attackMilliseconds: 0.2, fadeOutMilliseconds: 10,
        modes: [
            .init(frequency: 265, startFrequency: 320, glideMilliseconds: 2, level: 0.9, decayMilliseconds: 6),
            .init(frequency: 1_100, level: 0.7, decayMilliseconds: 3.8, startPhase: .zeroAreaInverted),
            .init(frequency: 3_200, level: 0.3, decayMilliseconds: 1.5, startPhase: .zero),
            .init(frequency: 1_100, level: 0.2, decayMilliseconds: 2.5, delayMilliseconds: 7),
        ],
        noise: [
            .init(centre: 2_800, q: 0.8, level: 0.7, decayMilliseconds: 1.4),
            .init(centre: 2_200, q: 0.9, level: 0.3, decayMilliseconds: 1.0, delayMilliseconds: 7),
        ],
        seed: 0x7265_7400)
}
