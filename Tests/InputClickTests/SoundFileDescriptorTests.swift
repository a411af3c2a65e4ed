import Foundation
import Glibc
import InputClick
import Synchronization
import Testing

/// The sound reader hands its descriptor to libsndfile, which closes it once, and no other.
/// libsndfile 1.0.30 to 1.2.0 close the descriptor of a failed `sf_open_fd` even when told not to; the
/// reader's own close after that closed, now and then, a descriptor another thread had just been given
/// under the same number (found in CI: a test's pipe lost its read end).
@Suite struct SoundFileDescriptorTests {
    @Test("refused sound files, read over and over beside a thread that opens and checks descriptors, close none of its")
    func aRefusedFileClosesOnlyItsOwnDescriptor() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let garbage = directory + "/garbage.wav"
            // Bytes no format of libsndfile's recognises: the open fails after libsndfile has the descriptor.
            try Data(repeating: 0x5a, count: 512).write(to: URL(fileURLWithPath: garbage))
            let stop = Atomic<Bool>(false)
            let stolen = Atomic<Int>(0)
            let checks = Atomic<Int>(0)
            let openFailure = Atomic<Int32>(0)
            let checking = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            let watcher = Thread {
                // Each descriptor is opened, given a moment in which a stray close could hit it, and checked.
                var first = true
                while !stop.load(ordering: .acquiring) {
                    let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
                    if descriptor < 0 {
                        openFailure.store(errno, ordering: .relaxed)
                        break
                    }
                    for _ in 0..<50 { _ = getpid() }
                    if fcntl(descriptor, F_GETFD) < 0 { stolen.add(1, ordering: .relaxed) } else { close(descriptor) }
                    checks.add(1, ordering: .relaxed)
                    if first { checking.signal(); first = false }
                }
                if first { checking.signal() }
                finished.signal()
            }
            watcher.start()
            checking.wait()  // the reads start only once the watcher is checking
            var refusedAsUndecodable = 0
            for _ in 0..<3_000 {
                do throws(SoundLoadError) {
                    _ = try SoundFileReader.read(garbage)
                } catch {
                    if case .undecodable = error.reason { refusedAsUndecodable += 1 }
                }
            }
            stop.store(true, ordering: .releasing)
            finished.wait()
            let failure = openFailure.load(ordering: .relaxed)
            #expect(failure == 0, "the watcher could not open /dev/null: \(String(cString: strerror(failure)))")
            #expect(refusedAsUndecodable == 3_000, "every read refused as undecodable, none failing for a lost descriptor")
            #expect(stolen.load(ordering: .relaxed) == 0,
                    "some code in this process closed a descriptor it did not own, in \(checks.load(ordering: .relaxed)) checks")
        }
    }

    @Test("a WAV behind an ID3v2 tag decodes as the same WAV without it")
    func aTagBeforeAWaveIsSkipped() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let plain = directory + "/plain.wav", tagged = directory + "/tagged.wav"
            let sine = SoundTestSupport.sine(frequency: 440, amplitude: 0.3, sampleRate: 48_000, seconds: 0.1)
            try SoundFileWriter.write(samples: sine, sampleRate: 48_000, channels: 1, format: .wavPCM16, to: plain)
            // "ID3", version 3.0, no flags, a syncsafe size of 128, then 128 bytes of padding.
            let tag = Data([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 1, 0] + [UInt8](repeating: 0, count: 128))
            try (tag + Data(contentsOf: URL(fileURLWithPath: plain))).write(to: URL(fileURLWithPath: tagged))
            let expected = try SoundFileReader.read(plain)
            let decoded = try SoundFileReader.read(tagged)
            #expect(decoded.samples.count == sine.count)
            let sameSamples = decoded.samples == expected.samples
            #expect(sameSamples, "the tagged file decodes to other samples")
            #expect(decoded.sampleRate == expected.sampleRate && decoded.channels == expected.channels)
        }
    }
}
