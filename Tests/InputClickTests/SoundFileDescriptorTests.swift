import Foundation
import Glibc
import InputClick
import Synchronization
import Testing

/// A sound file that fails to decode must close its own descriptor once, and no other. libsndfile 1.2.0
/// closes the descriptor of a failed `sf_open_fd` itself; closing it again closed, now and then, a
/// descriptor another thread had just been given under the same number (found in CI: a test's pipe lost
/// its read end).
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
            let finished = DispatchSemaphore(value: 0)
            let watcher = Thread {
                // Each descriptor is opened, given a moment in which a stray close could hit it, and checked.
                while !stop.load(ordering: .acquiring) {
                    let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
                    guard descriptor >= 0 else { continue }
                    for _ in 0..<50 { _ = getpid() }
                    if fcntl(descriptor, F_GETFD) < 0 { stolen.add(1, ordering: .relaxed) } else { close(descriptor) }
                    checks.add(1, ordering: .relaxed)
                }
                finished.signal()
            }
            watcher.start()
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
            #expect(refusedAsUndecodable == 3_000, "every read refused as undecodable, none failing for a lost descriptor")
            #expect(stolen.load(ordering: .relaxed) == 0, "descriptors of another thread closed, in \(checks.load(ordering: .relaxed)) checks")
            #expect(checks.load(ordering: .relaxed) > 0)
        }
    }
}
