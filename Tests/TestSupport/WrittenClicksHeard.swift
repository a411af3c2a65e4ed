/// Matches the frames a player says it wrote clicks at against the sound in
/// a recording of them, for tests that must tell a lost click from clicks
/// that sound as one.
///
/// The recording is cut into sounds as onset detection cuts it: a sound
/// starts where the absolute level rises above `threshold` after at least
/// `quietFrames` frames at or below it, and lasts until its last frame
/// above it. A click written while another still sounds (taps that waited
/// out a stalled device start together, late, when it resumes) has no onset
/// of its own: it is heard inside that sound.
///
/// Thread context: a plain value; any thread.
public struct WrittenClicksHeard: Sendable, CustomStringConvertible {
    /// The frames where sounds start, as onset detection finds them.
    public let onsets: [Int]
    /// Written clicks that start a sound of their own, within `slack` frames
    /// before its onset.
    public let alone: [Int]
    /// Written clicks that start inside a sound begun by an earlier (or
    /// simultaneous) click: heard, but not as an onset of their own.
    public let withAnother: [Int]
    /// Written clicks in no sound at all: lost.
    public let unheard: [Int]
    /// Sounds that no written click starts: audio nobody wrote.
    public let unexplained: [Int]

    /// Matches `written` (frames of the recording, in any order) against
    /// the interleaved `samples`.
    ///
    /// - Parameter slack: how many frames a click's onset may lie after the
    ///   frame it was written at (a sound's first samples may be quiet), and
    ///   how far a recording's frames may be off.
    public init(written: [Int], samples: [Float], channels: Int, threshold: Float, quietFrames: Int, slack: Int) {
        // The sounds: [start, end) from onset to the frame after the last loud one.
        var sounds: [Range<Int>] = []
        var quietRun = quietFrames
        let frames = samples.count / max(1, channels)
        for frame in 0..<frames {
            var level: Float = 0
            for channel in 0..<channels { level = max(level, abs(samples[frame * channels + channel])) }
            if level > threshold {
                if quietRun >= quietFrames {
                    sounds.append(frame..<frame + 1)
                } else if let last = sounds.popLast() {
                    sounds.append(last.lowerBound..<frame + 1)
                }
                quietRun = 0
            } else {
                quietRun += 1
            }
        }
        onsets = sounds.map(\.lowerBound)
        var alone: [Int] = [], withAnother: [Int] = [], unheard: [Int] = []
        var started = Set<Int>()
        for click in written.sorted() {
            if let index = sounds.firstIndex(where: { $0.lowerBound >= click && $0.lowerBound - click <= slack }),
               !started.contains(index) {
                started.insert(index)
                alone.append(click)
            } else if sounds.contains(where: { $0.lowerBound - slack <= click && click < $0.upperBound + slack }) {
                withAnother.append(click)
            } else {
                unheard.append(click)
            }
        }
        self.alone = alone
        self.withAnother = withAnother
        self.unheard = unheard
        unexplained = sounds.indices.filter { !started.contains($0) }.map { sounds[$0].lowerBound }
    }

    /// The frames, for a failure message.
    public var description: String {
        "onsets \(onsets); written clicks alone \(alone), with another \(withAnother), unheard \(unheard); "
            + "sounds nobody wrote \(unexplained)"
    }
}
