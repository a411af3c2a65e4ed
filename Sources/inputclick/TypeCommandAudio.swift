import KeyboardCore

// MARK: - SEAM: audio for `inputclick type` (the lead wires this)
//
// `clicks` are the clicks the gate let through while the script ran, each
// with its time in nanoseconds since the script's start and the sound kind
// (already `key` for every tap during secure entry). The script itself ran
// faster than real time, so this function does the pacing:
// - `device`: open the ALSA player on NAME and submit each click when its
//   time comes (MonotonicClock start + time), then wait for the last click's
//   tail before returning.
// - `output`: render the same clicks offline with the mixer, frame-exact at
//   time × rate, to the WAV file, as fast as the machine allows; pad the end
//   with the last click's length.
// - neither: for now nothing plays (a default-device player could go here).
//
// Until the player and the WAV writer land, asking for either is a clear failure.

/// Plays `clicks` through `device` in real time, or renders them to the WAV
/// file `output`; with neither, runs silently for now.
///
/// - Throws: ``RuntimeFailure`` when `device` or `output` is given (not wired yet).
func playTypedClicks(_ clicks: [TimedClick], device: String?, output: String?) throws {
    if device != nil || output != nil {
        throw RuntimeFailure("audio output not wired yet")
    }
}
