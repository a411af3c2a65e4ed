#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a sound-pack directory offers: which file replaces which kind's sound.
///
/// A pack is a directory of files named by kind — `key.wav`, `delete.flac`,
/// `space.ogg`, `modifier.wav`, `return.oga` — with one of the
/// ``acceptedExtensions``. Names are matched without regard to case. Files
/// with other extensions (a README, a licence, artwork) are ignored, and so
/// are hidden files. A file with an accepted extension whose name is not a
/// kind, and two files that claim the same kind (`key.wav` and `key.flac`),
/// are problems: the duplicates are both refused, so the bundled sound stays
/// rather than one being picked silently. So is a file with an accepted
/// extension whose name is not UTF-8 text, which cannot name a kind. Past
/// the first ``listedStrayFiles`` such stray files, the rest are counted in
/// one problem instead of one each. A kind no file claims keeps its bundled sound.
///
/// A pack may also give a kind a release sound, played when a key is let go
/// (`inputclick listen --key-up`, ``ClickPlacement/isRelease``): the kind's
/// name followed by `-up` — `key-up.wav`, `space-up.ogg` — under the same
/// rules (``releaseFiles``). A kind with no release file plays its press
/// sound, quieter, on release.
///
/// Scanning only lists the directory; ``SoundBank/load(packDirectory:sampleRate:channels:)``
/// decodes the files.
public struct SoundPack: Sendable, Hashable {
    /// The directory as given.
    public let directory: String
    /// The file claiming each kind, for kinds exactly one file claims.
    public let files: [ClickKind: String]
    /// The file claiming each kind's release sound (`key-up.wav`), for kinds
    /// exactly one such file claims.
    public let releaseFiles: [ClickKind: String]
    /// What was wrong with the directory or its file names, in file-name order.
    public let problems: [SoundLoadError]

    /// File extensions that claim a kind (compared without regard to case):
    /// WAV, FLAC and Ogg. Decoding goes by content, so an extension only
    /// says which files are meant as sounds.
    public static let acceptedExtensions: Set<String> = ["wav", "wave", "flac", "ogg", "oga"]

    /// Lists `directory`.
    ///
    /// A path that does not exist gives ``SoundLoadError/Reason/notFound``, one
    /// that is not a directory ``SoundLoadError/Reason/notADirectory``, and an
    /// unreadable one ``SoundLoadError/Reason/unreadable(_:)``; the pack is
    /// then empty, so every kind keeps its bundled sound.
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

    /// How many files that name no kind are listed one by one; the rest are
    /// counted in one ``SoundLoadError/Reason/moreStrayFiles(count:total:)``.
    public static let listedStrayFiles = 5

    /// `problems` with the stray files (``SoundLoadError/Reason/unknownKind(_:)``,
    /// ``SoundLoadError/Reason/nameNotUTF8(_:)``) past the first
    /// ``listedStrayFiles`` replaced by one problem that counts them, so that
    /// a directory of thousands of other sounds gives a handful of warnings,
    /// not one per file.
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

    /// The refusals of entries whose names are not UTF-8 but end in an accepted extension.
    private static func refusals(of names: [NonUTF8Text], in directory: String) -> [SoundLoadError] {
        names.compactMap { raw in
            let lossy = String(decoding: raw.bytes, as: UTF8.self)
            guard !lossy.hasPrefix("."), let dot = lossy.lastIndex(of: "."),
                  acceptedExtensions.contains(lossy[lossy.index(after: dot)...].lowercased()) else { return nil }
            return SoundLoadError(path: join(directory, lossy), reason: .nameNotUTF8(raw))
        }
    }

    /// The entry names of `directory`: those that are UTF-8 text, and apart those that are not.
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
