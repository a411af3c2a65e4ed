import Foundation
import InputClick
import Synchronization
import Testing

/// A path flipped between a regular file and a FIFO while it is being read.
/// The readers open first (without blocking) and then ask the descriptor what
/// it is, so there is no check for a swap to slip past: they read the file or
/// refuse the FIFO, and never block on it or read it as an empty file.
@Suite struct FileSwapRaceTests {
    @Test func aPackFileSwappedWithAFIFOIsEitherReadOrRefusedAsNotARegularFile() throws {
        try SoundTestSupport.withTemporaryDirectory { directory in
            let path = directory + "/key.wav"
            try SoundFileWriter.write(samples: [0.5, -0.5], sampleRate: 48_000, channels: 1, format: .wavPCM16,
                                      to: directory + "/file")
            let flipper = try PathFlipper(path: path, file: directory + "/file", scratch: directory)

            let reads = 20_000
            var unexpected: [String] = []
            var refused = 0
            flipper.whileFlipping {
                for _ in 0..<reads {
                    do throws(SoundLoadError) {
                        _ = try SoundFileReader.read(path, limits: .soundPack)
                    } catch {
                        if error.reason == .notARegularFile { refused += 1 } else { unexpected.append(error.description) }
                    }
                }
            }

            #expect(flipper.failures.isEmpty, "\(flipper.failures)")
            #expect(unexpected.count == 0, "\(unexpected.count) reads were neither the file nor refused: \(unexpected.prefix(3))")
            #expect(refused < reads, "the file was never read")
        }
    }

    @Test func aThemeIndexSwappedWithAFIFOIsEitherReadOrPassedOverForTheNextSearchDirectory() throws {
        try SoundTestSupport.withTemporaryDirectory { base in
            // The theme in two search directories; the first's index.theme flips.
            let index = "[Sound Theme]\nName=ocean\nDirectories=stereo\n\n[stereo]\nOutputProfile=stereo\n"
            for directory in [base + "/first/ocean/stereo", base + "/second/ocean"] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try index.write(toFile: base + "/index", atomically: false, encoding: .utf8)
            try index.write(toFile: base + "/second/ocean/index.theme", atomically: false, encoding: .utf8)
            let sound = base + "/first/ocean/stereo/button-pressed.oga"
            let sine = SoundTestSupport.sine(frequency: 2_000, amplitude: 0.5, sampleRate: 48_000, seconds: 0.01)
            try SoundFileWriter.write(samples: sine, sampleRate: 48_000, channels: 1, format: .oggVorbis, to: sound)
            let searchPath = SoundThemeSearchPath(directories: [base + "/first", base + "/second"])
            let flipper = try PathFlipper(path: base + "/first/ocean/index.theme", file: base + "/index", scratch: base)

            var missed = 0
            flipper.whileFlipping {
                for _ in 0..<2_000 where SoundTheme.lookup(.key, theme: "ocean", searchPath: searchPath)?.path != sound {
                    missed += 1
                }
            }

            #expect(flipper.failures.isEmpty, "\(flipper.failures)")
            // An index read from the FIFO as empty text would list no directories, and the sound would be missed.
            #expect(missed == 0, "\(missed) of 2000 lookups missed the sound")
        }
    }
}

/// Flips `path` (made a link to `file` at first) between that regular file
/// and a FIFO on a thread of its own: each flip links one of them to a scratch name and renames that over
/// `path`, so `path` always exists. After each flip it opens the FIFO for
/// writing without blocking and closes it again, which lets a reader that
/// blocked opening the FIFO go on (to read it as an empty file); the test
/// therefore ends even when a reader does block.
private final class PathFlipper: Sendable {
    let path: String
    let file: String
    let fifo: String
    let link: String
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let failureList = Mutex<[String]>([])

    /// The calls that failed while flipping.
    var failures: [String] { failureList.withLock { $0 } }

    init(path: String, file: String, scratch: String) throws {
        self.path = path
        self.file = file
        fifo = scratch + "/fifo"
        link = scratch + "/link"
        try #require(mkfifo(fifo, 0o600) == 0)
        try #require(Glibc.link(file, path) == 0)
    }

    /// Runs `body` while `path` flips, and stops flipping when it returns.
    func whileFlipping(_ body: () -> Void) {
        let thread = Thread { [self] in
            var flips = 0
            while !stopped.load(ordering: .acquiring) {
                flip(to: flips % 2 == 0 ? fifo : file)
                let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if writer >= 0 { close(writer) }
                flips += 1
            }
            finished.signal()
        }
        thread.start()
        body()
        stopped.store(true, ordering: .releasing)
        finished.wait()
    }

    private func flip(to target: String) {
        guard Glibc.link(target, link) == 0, rename(link, path) == 0 else {
            let text = String(cString: strerror(errno))
            failureList.withLock { $0.append("flip to \(target): \(text)") }
            _ = unlink(link)
            return
        }
    }
}
