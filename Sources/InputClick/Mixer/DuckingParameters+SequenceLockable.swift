/// Four words (bit patterns of depth, attack, hold, release) for ``SequenceLocked``.
extension DuckingParameters: SequenceLockable {
    static var wordCount: Int { 4 }

    func word(_ index: Int) -> UInt64 {
        switch index {
        case 0: depthDecibels.bitPattern
        case 1: attackMilliseconds.bitPattern
        case 2: holdMilliseconds.bitPattern
        default: releaseMilliseconds.bitPattern
        }
    }

    init(words word: (Int) -> UInt64) {
        self.init(depthDecibels: Double(bitPattern: word(0)), attackMilliseconds: Double(bitPattern: word(1)),
                  holdMilliseconds: Double(bitPattern: word(2)), releaseMilliseconds: Double(bitPattern: word(3)))
    }
}
