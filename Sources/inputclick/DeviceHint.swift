#if canImport(Glibc)
import Glibc
#endif

/// The likely fix when `doctor` finds that `device` did not open, read from
/// the player's warnings and the machine: a plugin library that is not
/// installed, a sound server that does not answer, no sound card at all, no
/// JACK server, no permission, a busy card.
///
/// - Parameters:
///   - device: The ALSA device name doctor tried.
///   - warnings: What the player warned while it tried.
///   - hasSoundCards: Whether `/dev/snd` exists, so some card has a driver.
/// - Returns: One sentence, never empty: a generic pointer to `inputclick devices` when nothing matches.
func deviceHint(device: String, warnings: [String], hasSoundCards: Bool = soundCardsPresent()) -> String {
    let text = warnings.joined(separator: "\n")
    func mentions(_ words: String...) -> Bool { words.contains { text.containsIgnoringCase($0) } }
    let server = ["pipewire", "pulse", "default", "sysdefault"].contains { device.hasPrefix($0) }
    // Before the rest: the loader's "No such file or directory" is about the library, not a card.
    if mentions("needs the plugin library") {
        return "'\(device)' is defined with an ALSA plugin whose library cannot be loaded (the warning above names it "
            + "and its package): install it, or pick another device with --device (see 'inputclick devices')"
    }
    if mentions("Host is down", "Connection refused") && device.hasPrefix("jack") || mentions("jack server") {
        return "no JACK server answers: start jackd (or pipewire-jack), or pick another device with --device (see 'inputclick devices')"
    }
    if mentions("No such file or directory") && server && !hasSoundCards {
        return "'\(device)' is the first sound card, and this machine has none (/dev/snd is absent): start a sound "
            + "server (PipeWire or PulseAudio) with a virtual sink, or " + virtualSinkRecipe
    }
    if mentions("Host is down", "Connection refused", "No such file or directory") && server {
        return "no sound server answers behind '\(device)': start PipeWire or PulseAudio "
            + "(systemctl --user start pipewire pipewire-pulse, or pulseaudio --start), or pick a card with --device "
            + "(see 'inputclick devices')"
    }
    if mentions("Permission denied") {
        return "no permission to open the sound device: add the user to the 'audio' group (usermod -aG audio USER) "
            + "or use a sound server's device such as 'pipewire' or 'pulse'"
    }
    if mentions("Device or resource busy") {
        return "another program holds the card: close it, or play through a sound server or dmix ('default') instead of hw"
    }
    if !hasSoundCards {
        return "this machine has no sound card (/dev/snd is absent): play into a virtual sink instead: " + virtualSinkRecipe
    }
    return "'\(device)' did not open: list the devices with 'inputclick devices' and pass one with --device"
}

/// Whether `/dev/snd` exists: without it no sound card has a driver loaded.
func soundCardsPresent() -> Bool {
    access("/dev/snd", F_OK) == 0
}

private extension String {
    /// Whether `word` occurs in the string, ignoring ASCII case.
    func containsIgnoringCase(_ word: String) -> Bool {
        lowercased().contains(word.lowercased())
    }
}
