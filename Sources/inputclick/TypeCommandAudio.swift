import Foundation
import InputClick
import KeyboardCore

/// Renders the clicks of a typing run offline to a 48 kHz stereo 16-bit WAV
/// file, frame-exact, with the user's volume and sound pack, as fast as the
/// machine allows.
///
/// The settings are those in force; their problems were already reported.
func renderTypedClicks(_ clicks: [TimedClick], settings: ClickSettings, to path: String) throws {
    let format = (rate: 48_000, channels: 2)
    let load = SoundBank.load(packDirectory: settings.soundPackDirectory, sampleRate: format.rate, channels: format.channels)
    for problem in load.problems { writeError("warning: sound pack: \(problem)") }
    let mixer = Mixer(configuration: MixerConfiguration(sampleRate: format.rate, channels: format.channels,
                                                        ducking: settings.ducking), bank: load.bank)
    mixer.setClickGain(settings.clickGain)
    let longest = ClickKind.allCases.map { load.bank.sound($0).frameCount }.max() ?? 0
    let audio = ClickTimeline(clicks.map { ClickTimeline.Entry(time: $0.time, kind: $0.kind) })
        .render(through: mixer, tailFrames: longest + format.rate / 20)
    do {
        try SoundFileWriter.write(samples: audio, sampleRate: format.rate, channels: format.channels,
                                  format: .wavPCM16, to: path)
    } catch {
        throw RuntimeFailure("\(error)")
    }
}

/// Until the ALSA player lands: real-time playback is not available yet.
func playTypedClicks(_ clicks: [TimedClick], device: String, settings: ClickSettings) throws {
    writeError("warning: real-time playback is not wired yet; use --output FILE.wav")
}
