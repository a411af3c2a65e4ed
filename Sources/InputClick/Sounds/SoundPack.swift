#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a sound-pack directory offers: which file replaces which kind's sound (README, *Sounds*).
///
/// Files are named by kind (`key.wav`, `space.ogg`, …, ignoring case) with one of the
/// ``acceptedExtensions``; others and hidden files are ignored. A name that is no kind or not UTF-8, and
/// two files claiming one kind (both refused), are problems; past ``listedStrayFiles`` strays they are
/// counted in one. `<kind>-up` files are release sounds (``releaseFiles``). Scanning only lists the
/// directory; ``SoundBank/load(packDirectory:sampleRate:channels:)`` decodes.
public struct SoundPack: Sendable, Hashable {
    public let directory: String
    /// For kinds exactly one file claims.
    public let files: [ClickKind: String]
    /// `key-up.wav` and so on, for kinds exactly one such file claims.
    public let releaseFiles: [ClickKind: String]
    /// In file-name order.
    public let problems: [SoundLoadError]

    /// Compared ignoring case. Decoding goes by content; an extension only marks a file as meant for a sound.
    public static let acceptedExtensions: Set<String> = ["wav", "wave", "flac", "ogg", "oga"]

    /// A missing path, a non-directory or an unreadable one is a problem and leaves the pack empty.
    public init(scanning directory: String) {
        self.directory = directory
        let result: (files: [ClickKind: String], releaseFiles: [ClickKind: String], problems: [SoundLoadError])
        do throws(SoundLoadError) {
            let (names, nonUTF8Names) = try Self.listDirectory(directory)
            let claimed = Self.claims(names, in: directory)
            let problems = (claimed.problems + Self.refusals(of: nonUTF8Names, in: directory)).sorted { $0.path < $1.path }
            result = (claimed.files, claimed.releaseFiles, Self.summarizingStrayFiles(problems, in: directory))
        } catch {
            result = ([:], [:], [error])
        }
        files = result.files
        releaseFiles = result.releaseFiles
        problems = result.problems
    }

    /// Stray files listed one by one; the rest are counted in one problem.
    public static let listedStrayFiles = 5

    /// Stray-file problems past ``listedStrayFiles`` replaced by one that counts them, so a directory of
    /// thousands of other sounds gives a handful of warnings.
    private static func summarizingStrayFiles(_ problems: [SoundLoadError], in directory: String) -> [SoundLoadError] {
        func isStray(_ problem: SoundLoadError) -> Bool {
            switch problem.reason {
            case .unknownKind, .nameNotUTF8: return true
            default: return false
            }
        }
        let total = problems.count(where: isStray)
        guard total > listedStrayFiles else { return problems }
        var listed = 0
        var kept = problems.filter { problem in
            guard isStray(problem) else { return true }
            listed += 1
            return listed <= listedStrayFiles
        }
        kept.append(SoundLoadError(path: directory, reason: .moreStrayFiles(count: total - listedStrayFiles, total: total)))
        return kept
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func claims(_ names: [String], in directory: String)
        -> (files: [ClickKind: String], releaseFiles: [ClickKind: String], problems: [SoundLoadError]) {
        var claimants: [ClickKind: [String]] = [:]
        var releaseClaimants: [ClickKind: [String]] = [:]
        var problems: [SoundLoadError] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            guard let dot = name.lastIndex(of: "."),
                  acceptedExtensions.contains(name[name.index(after: dot)...].lowercased()) else { continue }
            let stem = String(name[..<dot])
            let path = join(directory, name)
            let lowered = stem.lowercased()
            if lowered.hasSuffix("-up"), let kind = ClickKind(name: String(lowered.dropLast(3))) {
                releaseClaimants[kind, default: []].append(path)
                continue
            }
            guard let kind = ClickKind(name: lowered) else {
                problems.append(SoundLoadError(path: path, reason: .unknownKind(stem)))
                continue
            }
            claimants[kind, default: []].append(path)
        }
        func single(_ claimants: [ClickKind: [String]], release: Bool) -> [ClickKind: String] {
            var files: [ClickKind: String] = [:]
            for kind in ClickKind.allCases {
                guard let paths = claimants[kind] else { continue }
                if paths.count == 1 {
                    files[kind] = paths[0]
                    continue
                }
                for path in paths {
                    let others = paths.filter { $0 != path }.joined(separator: ", ")
                    problems.append(SoundLoadError(path: path, reason: .duplicateKind(otherPath: others), kind: kind,
                                                   isRelease: release))
                }
            }
            return files
        }
        let files = single(claimants, release: false)
        let releaseFiles = single(releaseClaimants, release: true)
        return (files, releaseFiles, problems)
    }

    private static func refusals(of names: [NonUTF8Text], in directory: String) -> [SoundLoadError] {
        names.compactMap { raw in
            let lossy = String(decoding: raw.bytes, as: UTF8.self)
            guard !lossy.hasPrefix("."), let dot = lossy.lastIndex(of: "."),
                  acceptedExtensions.contains(lossy[lossy.index(after: dot)...].lowercased()) else { return nil }
            return SoundLoadError(path: join(directory, lossy), reason: .nameNotUTF8(raw))
        }
    }

    /// The UTF-8 names, and apart those that are not.
    static func listDirectory(_ directory: String) throws(SoundLoadError) -> ([String], [NonUTF8Text]) {
        func refuse(_ reason: SoundLoadError.Reason) -> SoundLoadError { SoundLoadError(path: directory, reason: reason) }
        var status = stat()
        guard stat(directory, &status) == 0 else {
            let code = errno
            throw refuse(code == ENOENT || code == ENOTDIR ? .notFound : .unreadable(String(cString: strerror(code))))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw refuse(.notADirectory) }
        guard let stream = opendir(directory) else { throw refuse(.unreadable(String(cString: strerror(errno)))) }
        defer { closedir(stream) }
        var names: [String] = []
        var nonUTF8Names: [NonUTF8Text] = []
        while let entry = readdir(stream) {
            let bytes = directoryEntryName(entry)
            if let raw = NonUTF8Text(bytes) {
                nonUTF8Names.append(raw)
                continue
            }
            let name = String(decoding: bytes, as: UTF8.self)
            if name != "." && name != ".." { names.append(name) }
        }
        return (names, nonUTF8Names)
    }
}
