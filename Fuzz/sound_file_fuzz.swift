// libFuzzer harness: a sound-pack file, from bytes on disk to the samples
// the mixer plays.
//
// Each input is written to a file and taken the way SoundBank.load takes a
// pack's file: SoundFileReader.read with the sound-pack limits (4 MiB, 2 s,
// 8 channels, 384 kHz, 2^21 samples; libsndfile decodes whatever format it
// recognises by content), then converted with libsamplerate to the output's
// 48 kHz stereo. Besides not crashing (ASan watches libsndfile and
// libsamplerate too), the harness checks what the reader promises about a
// sound it accepts: whole frames, a positive rate and channel count within
// the limits, at most 2 s and 2^21 samples, and every sample finite within
// ±1; and that the conversion gives whole finite frames.
//
// A broken promise is a fatalError, which libFuzzer reports as a crash.
// Built and run by scripts/fuzz.sh; corpus in Fuzz/corpus/sound_file/.
import Foundation
import InputClick

/// The file every input is written to, in a private directory that is
/// removed when the fuzzer exits. No extension: libsndfile recognises formats
/// by their content.
private let soundPath: String = {
    let template = (NSTemporaryDirectory() as NSString).appendingPathComponent("inputclick-fuzz-sound.XXXXXX")
    var bytes = Array(template.utf8CString)
    guard let directory = mkdtemp(&bytes) else { fatalError("mkdtemp failed: errno \(errno)") }
    atexit { try? FileManager.default.removeItem(atPath: (soundPath as NSString).deletingLastPathComponent) }
    return String(cString: directory) + "/key"
}()

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("sound_file_fuzz: " + message()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func soundFileFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    guard FileManager.default.createFile(atPath: soundPath, contents: bytes) else {
        fatalError("sound_file_fuzz: cannot write \(soundPath)")
    }
    let limits = SoundFileLimits.soundPack
    let sound: DecodedSound
    do {
        sound = try SoundFileReader.read(soundPath, limits: limits)
    } catch {
        check(error.path == soundPath, "the error names \(error.path)")
        check(!error.description.isEmpty, "an empty error description")
        return 0
    }
    check(sound.sampleRate > 0 && sound.channels > 0, "accepted \(sound.channels) channel(s) at \(sound.sampleRate) Hz")
    check(sound.samples.count % sound.channels == 0, "\(sound.samples.count) samples are not whole \(sound.channels)-channel frames")
    check(sound.frameCount > 0, "accepted an empty sound")
    check(sound.duration <= (limits.maxSeconds ?? .infinity), "accepted \(sound.duration) s, over the limit")
    check(sound.channels <= (limits.maxChannels ?? .max), "accepted \(sound.channels) channels, over the limit")
    check(sound.sampleRate <= (limits.maxSampleRate ?? .max), "accepted \(sound.sampleRate) Hz, over the limit")
    check(sound.samples.count <= (limits.maxSamples ?? .max), "accepted \(sound.samples.count) samples, over the limit")
    for (index, sample) in sound.samples.enumerated() {
        check(sample.isFinite && abs(sample) <= 1, "sample \(index) is \(sample)")
    }

    // What SoundBank.load does next for a 48 kHz stereo output.
    do {
        let converted = try sound.converted(toSampleRate: 48_000, channels: 2)
        check(converted.sampleRate == 48_000 && converted.channels == 2, "converted to \(converted.channels) × \(converted.sampleRate) Hz")
        check(converted.samples.count % 2 == 0, "the conversion gave half a frame")
        for (index, sample) in converted.samples.enumerated() {
            check(sample.isFinite, "converted sample \(index) is \(sample)")
        }
    } catch {
        check(!error.description.isEmpty, "an empty conversion error")
    }
    return 0
}
