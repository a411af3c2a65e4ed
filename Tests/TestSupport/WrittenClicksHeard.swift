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
    /// Written clicks in no sound at all where the recording holds every
    /// frame around them: lost.
    public let unheard: [Int]
    /// Written clicks in no sound at all, between two heard clicks where the
    /// recording lost or gained frames (a recorder that missed cycles may
    /// miss a short click whole): not in this recording, for want of it.
    public let unrecorded: [Int]
    /// Sounds that no written click starts: audio nobody wrote.
    public let unexplained: [Int]
    /// How many frames the recording lost against the stream, from the
    /// first click to the last (negative: gained); at most `drift` between
    /// two clicks.
    public let recordingLost: Int

    /// Matches `written` (frames of the recording, in any order) against
    /// the interleaved `samples`.
    ///
    /// - Parameters:
    ///   - slack: how many frames a click's onset may lie after the frame it
    ///     was written at (a sound's first samples may be quiet).
    ///   - origin: the recording's frame of the stream's frame 0; `nil` when
    ///     the recording started at an unknown point of the stream (a
    ///     monitor recorded by another client): then the first sound is
    ///     taken to be the first click's.
    ///   - drift: how many frames the recording may lose or gain between one
    ///     click and the next (a recorder that missed whole cycles of the
    ///     graph holds fewer frames than the stream); 0 for a capture of
    ///     every frame written.
    public init(written: [Int], samples: [Float], channels: Int, threshold: Float, quietFrames: Int, slack: Int,
                origin: Int? = 0, drift: Int = 0) {
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
        var alone: [Int] = [], withAnother: [Int] = [], unheard: [Int] = [], unrecorded: [Int] = []
        // Clicks not found since the last one heard alone, and the shift then.
        var missing: [Int] = []
        var shiftBeforeMissing = 0
        var started = Set<Int>()
        let clicks = written.sorted()
        // Where the stream's frames fall in the recording; it moves as the recording loses or gains frames.
        let firstShift = origin ?? ((sounds.first?.lowerBound ?? 0) - (clicks.first ?? 0))
        var shift = firstShift
        for click in clicks {
            let at = click + shift
            if let index = sounds.indices.first(where: { !started.contains($0) && sounds[$0].lowerBound >= at - drift
                                                         && sounds[$0].lowerBound - at <= slack + drift }) {
                started.insert(index)
                alone.append(click)
                if drift > 0 { shift = sounds[index].lowerBound - click }
                if abs(shift - shiftBeforeMissing) <= slack { unheard += missing } else { unrecorded += missing }
                missing = []
            } else if sounds.contains(where: { $0.lowerBound - slack - drift <= at && at < $0.upperBound + slack }) {
                withAnother.append(click)
            } else {
                if missing.isEmpty { shiftBeforeMissing = shift }
                missing.append(click)
            }
        }
        unheard += missing
        self.alone = alone
        self.withAnother = withAnother
        self.unheard = unheard
        self.unrecorded = unrecorded
        recordingLost = firstShift - shift
        unexplained = sounds.indices.filter { !started.contains($0) }.map { sounds[$0].lowerBound }
    }

    /// The frames, for a failure message.
    public var description: String {
        "onsets \(onsets); written clicks alone \(alone), with another \(withAnother), unheard \(unheard), "
            + "missing where the recording lost or gained frames \(unrecorded); "
            + "sounds nobody wrote \(unexplained); frames the recording lost \(recordingLost)"
    }
}
