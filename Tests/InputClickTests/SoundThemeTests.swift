import Foundation
import InputClick
import Testing

/// XDG sound themes: a temporary theme tree with `index.theme` and `Inherits`,
/// and Debian's real `freedesktop` theme.
@Suite struct SoundThemeTests {
    /// Writes `themes/<name>/index.theme` and a short click for each `sounds` name.
    private func makeTheme(_ base: String, _ name: String, inherits: String? = nil, directories: String = "stereo",
                           profile: String = "stereo", sounds: [String] = [], format: SoundFileFormat = .oggVorbis,
                           ext: String = "oga") throws {
        let directory = base + "/" + name
        var index = "[Sound Theme]\nName=\(name)\nDirectories=\(directories)\n"
        if let inherits { index += "Inherits=\(inherits)\n" }
        index += "\n[\(directories)]\nOutputProfile=\(profile)\n"
        try FileManager.default.createDirectory(atPath: directory + "/" + directories, withIntermediateDirectories: true)
        try index.write(toFile: directory + "/index.theme", atomically: false, encoding: .utf8)
        for sound in sounds {
            let samples = SoundTestSupport.sine(frequency: 2_000, amplitude: 0.5, sampleRate: 48_000, seconds: 0.03)
            try SoundFileWriter.write(samples: samples, sampleRate: 48_000, channels: 1, format: format,
                                      to: directory + "/" + directories + "/" + sound + "." + ext)
        }
    }

    @Test func aKindTakesTheThemesSoundAndAKindTheThemeLacksStaysBundled() throws {
        try SoundTestSupport.withTemporaryDirectory { base in
            try makeTheme(base, "ocean", sounds: ["button-pressed", "button-pressed-delete"])
            let path = SoundThemeSearchPath(directories: [base])
            let load = SoundBank.load(packDirectory: nil, soundTheme: "ocean", themeSearchPath: path,
                                      sampleRate: 48_000, channels: 2)
            #expect(load.problems.isEmpty, "\(load.problems)")
            #expect(load.sources[.key] == SoundSource(origin: .theme(name: "ocean", soundName: "button-pressed"),
                                                      path: base + "/ocean/stereo/button-pressed.oga"))
            #expect(load.sources[.delete]?.path == base + "/ocean/stereo/button-pressed-delete.oga")
            // Space has no name of its own in the theme: the generic button-pressed answers.
            #expect(load.sources[.space]?.path == base + "/ocean/stereo/button-pressed.oga")
            #expect(load.bank.samples(.key) != SoundBank.bundled(sampleRate: 48_000, channels: 2).samples(.key))
        }
        try SoundTestSupport.withTemporaryDirectory { base in
            try makeTheme(base, "sparse", sounds: ["button-toggle-on"])
            let load = SoundBank.load(packDirectory: nil, soundTheme: "sparse",
                                      themeSearchPath: SoundThemeSearchPath(directories: [base]), sampleRate: 48_000, channels: 2)
            #expect(load.sources[.modifier]?.originName == "theme")
            #expect(load.sources[.key] == .bundled)
            #expect(load.bank.samples(.key) == SoundBank.bundled(sampleRate: 48_000, channels: 2).samples(.key))
        }
    }

    @Test func inheritsIsFollowedAndTheChildsGenericSoundWinsOverTheParentsSpecificOne() throws {
        try SoundTestSupport.withTemporaryDirectory { base in
            try makeTheme(base, "parent", sounds: ["button-pressed-return", "button-toggle-on"], format: .wavPCM16, ext: "wav")
            try makeTheme(base, "child", inherits: "missing, parent", sounds: ["button-pressed"])
            let path = SoundThemeSearchPath(directories: [base])
            let returnMatch = try #require(SoundTheme.lookup(.return, theme: "child", searchPath: path))
            #expect(returnMatch.theme == "child" && returnMatch.name == "button-pressed")
            let names = SoundTheme.lookup(.modifier, theme: "child", searchPath: path)
            #expect(names?.theme == "child")   // button-pressed of the child beats button-toggle-on of the parent
            try FileManager.default.removeItem(atPath: base + "/child/stereo/button-pressed.oga")
            #expect(SoundTheme.lookup(.return, theme: "child", searchPath: path)?.path == base + "/parent/stereo/button-pressed-return.wav")
            #expect(SoundTheme.lookup(.modifier, theme: "child", searchPath: path)?.name == "button-toggle-on")
            #expect(SoundTheme.lookup(.key, theme: "child", searchPath: path) == nil)
        }
    }

    @Test func onlyStereoDirectoriesCountAndDisabledMeansBundled() throws {
        try SoundTestSupport.withTemporaryDirectory { base in
            try makeTheme(base, "surround", directories: "5.1", profile: "5.1", sounds: ["button-pressed"])
            #expect(SoundTheme.lookup(.key, theme: "surround", searchPath: SoundThemeSearchPath(directories: [base])) == nil)
            try makeTheme(base, "quietkeys", inherits: "loud", sounds: [])
            try makeTheme(base, "loud", sounds: ["button-pressed"])
            let path = SoundThemeSearchPath(directories: [base])
            #expect(SoundTheme.lookup(.key, theme: "quietkeys", searchPath: path)?.theme == "loud")
            try "".write(toFile: base + "/quietkeys/stereo/button-pressed.disabled", atomically: false, encoding: .utf8)
            #expect(SoundTheme.lookup(.key, theme: "quietkeys", searchPath: path) == nil)
        }
    }

    @Test func thePacksFileWinsOverTheTheme() throws {
        try SoundTestSupport.withTemporaryDirectory { base in
            try makeTheme(base, "ocean", sounds: ["button-pressed"])
            let pack = base + "/pack"
            try FileManager.default.createDirectory(atPath: pack, withIntermediateDirectories: false)
            try SoundFileWriter.write(samples: SoundTestSupport.sine(frequency: 500, amplitude: 0.5, sampleRate: 48_000, seconds: 0.03),
                                      sampleRate: 48_000, channels: 1, format: .wavPCM16, to: pack + "/key.wav")
            let load = SoundBank.load(packDirectory: pack, soundTheme: "ocean",
                                      themeSearchPath: SoundThemeSearchPath(directories: [base]), sampleRate: 48_000, channels: 2)
            #expect(load.sources[.key] == SoundSource(origin: .pack, path: pack + "/key.wav"))
            #expect(load.sources[.delete]?.originName == "theme")
        }
    }

    @Test func aThemeFileThatIsRefusedLetsTheBundledSoundIn() throws {
        try SoundTestSupport.withTemporaryDirectory { base in
            try makeTheme(base, "broken", sounds: [])
            try SoundTestSupport.writeBytes(Array("not audio".utf8), to: base + "/broken/stereo/button-pressed.ogg")
            let load = SoundBank.load(packDirectory: nil, soundTheme: "broken",
                                      themeSearchPath: SoundThemeSearchPath(directories: [base]), sampleRate: 48_000, channels: 2)
            #expect(load.sources[.key] == .bundled)
            #expect(load.problems.first?.path == base + "/broken/stereo/button-pressed.ogg")
        }
    }

    @Test func theSearchPathFollowsTheXDGVariables() {
        #expect(SoundThemeSearchPath(environment: ["XDG_DATA_HOME": "/data", "XDG_DATA_DIRS": "/a:relative:/b/"]).directories
                == ["/data/sounds", "/a/sounds", "/b/sounds"])
        #expect(SoundThemeSearchPath(environment: ["HOME": "/home/u"]).directories
                == ["/home/u/.local/share/sounds", "/usr/local/share/sounds", "/usr/share/sounds"])
    }

    /// Debian's sound-theme-freedesktop (installed by scripts/install-deps.sh)
    /// has an index.theme and no click names, so every kind stays bundled,
    /// and a theme that does not exist falls back to it.
    @Test func theRealFreedesktopThemeIsTheFallbackAndHasNoClickSounds() throws {
        let path = SoundThemeSearchPath(directories: ["/usr/share/sounds"])
        try #require(FileManager.default.fileExists(atPath: "/usr/share/sounds/freedesktop/index.theme"),
                     "sound-theme-freedesktop is not installed; run scripts/install-deps.sh")
        let load = SoundBank.load(packDirectory: nil, soundTheme: "no-such-theme", themeSearchPath: path,
                                  sampleRate: 48_000, channels: 2)
        #expect(ClickKind.allCases.allSatisfy { load.sources[$0] == .bundled })
        #expect(load.problems.isEmpty)
    }

    @Test func aRefusedPackFileNamesTheThemesSoundThatPlaysInsteadAsDoctorShowsIt() throws {
        try SoundTestSupport.withTemporaryDirectory { base in
            try makeTheme(base + "/themes", "ocean", sounds: ["button-pressed-modifier"])
            try FileManager.default.createDirectory(atPath: base + "/pack", withIntermediateDirectories: true)
            let long = SoundTestSupport.sine(frequency: 440, amplitude: 0.5, sampleRate: 8_000, seconds: 3)
            try SoundFileWriter.write(samples: long, sampleRate: 8_000, channels: 1, format: .wavPCM16,
                                      to: base + "/pack/modifier.wav")
            let load = SoundBank.load(packDirectory: base + "/pack", soundTheme: "ocean",
                                      themeSearchPath: SoundThemeSearchPath(directories: [base + "/themes"]),
                                      sampleRate: 48_000, channels: 2)
            let source = try #require(load.sources[.modifier])
            #expect(source.originName == "theme")
            let problem = try #require(load.problems.first)
            #expect(load.problems.count == 1)
            #expect(problem.description.hasSuffix(" (the modifier sound comes from \(source) instead)"), "\(problem)")
            #expect(!problem.description.contains("bundled"))
        }
    }
}
