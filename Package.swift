// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "InputClick",
    products: [
        .library(name: "InputClick", targets: ["InputClick"]),
        .library(name: "InputClickALSA", targets: ["InputClickALSA"]),
        .library(name: "InputClickPipeWire", targets: ["InputClickPipeWire"]),
        .library(name: "InputClickPulseAudio", targets: ["InputClickPulseAudio"]),
        .library(name: "KeyboardCore", targets: ["KeyboardCore"]),
        .library(name: "InputClickTesting", targets: ["InputClickTesting"]),
        // The C-ABI plugin. scripts/build-plugin.sh installs it as libinputclick.so with inputclick.h and inputclick.pc.
        .library(name: "InputClickPlugin", type: .dynamic, targets: ["InputClickPlugin"]),
        .executable(name: "inputclick", targets: ["inputclick"]),
        .executable(name: "inputclick-bench", targets: ["inputclick-bench"]),
    ],
    targets: [
        // C libraries from Debian, one system-library target each.
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CSampleRate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),
        // Linux's eventfd (part of glibc), for the render thread's wake-up.
        .systemLibrary(name: "CLinuxEvents"),
        // libpipewire-0.3's headers (links to /usr/include/pipewire-0.3 and spa-0.2
        // in include/) and the inline parts of its API; the library itself is
        // loaded with dlopen, so no binary links it (no pkgConfig here: it
        // would add -lpipewire-0.3).
        .target(name: "CPipeWire"),
        // The plugin's own header, inputclick.h, so that the plugin's Swift code
        // takes the C constants (results, kinds, decisions, states, statistics)
        // from the header itself: one source for them.
        .systemLibrary(name: "CInputClick"),
        // libpulse's headers only: the module map names no library, and
        // InputClickPulseAudio loads libpulse.so.0 with dlopen, so nothing has
        // libpulse in DT_NEEDED (scripts/test-install.sh checks).
        .systemLibrary(name: "CPulseAudio", providers: [.apt(["libpulse-dev"])]),
        // libevdev, for `inputclick listen` reading the machine's keyboards.
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),

        // Policy: gate, settings, sound bank, mixer. Renders offline; no audio device.
        .target(name: "InputClick", dependencies: ["CSndFile", "CSampleRate", "CLinuxEvents"]),
        // Test doubles and audio analysis helpers that ship as code.
        .target(name: "InputClickTesting", dependencies: ["InputClick"]),
        // Platform: the ALSA output and player.
        .target(name: "InputClickALSA", dependencies: ["InputClick", "CALSA"]),
        // Platform: the native PipeWire output (pw_stream), libpipewire loaded at run time.
        .target(name: "InputClickPipeWire", dependencies: ["InputClick", "CPipeWire"]),
        // Platform: the native PulseAudio output (libpulse, loaded at run time).
        .target(name: "InputClickPulseAudio", dependencies: ["InputClick", "CPulseAudio"]),
        // The seeds' text-input model and the demo keyboard.
        .target(name: "KeyboardCore", dependencies: ["InputClick"]),
        // Which backend plays: the sound server found running (PipeWire, PulseAudio) or ALSA.
        .target(name: "InputClickBackends", dependencies: ["InputClick", "InputClickALSA", "InputClickPipeWire", "InputClickPulseAudio"]),
        // The C ABI (libinputclick.so, inputclick.h).
        .target(name: "InputClickPlugin", dependencies: ["InputClick", "InputClickALSA", "InputClickBackends", "CInputClick"]),
        // `inputclick listen`'s pure part: evemu recordings, key to click kind and pan. No device access.
        .target(name: "InputClickListen", dependencies: ["InputClick"]),

        // The executables' JSON reports, through an Encoder of its own (no Foundation, so the CLI stays small).
        .target(name: "InputClickReports", dependencies: ["InputClick"]),
        .executableTarget(name: "inputclick",
                          dependencies: ["InputClick", "InputClickALSA", "InputClickBackends", "KeyboardCore", "InputClickListen", "CEvdev", "InputClickReports"]),
        .executableTarget(name: "inputclick-bench",
                          dependencies: ["InputClick", "InputClickALSA", "InputClickPipeWire", "InputClickPulseAudio",
                                         "InputClickBackends", "InputClickReports"]),

        // Test-only helpers shared by the ALSA and CLI tests (not shipped): child
        // processes run with posix_spawn and a deadline, and sink captures read back.
        .target(name: "TestSupport", dependencies: ["InputClick"], path: "Tests/TestSupport"),
        .testTarget(name: "InputClickTests", dependencies: ["InputClick", "InputClickTesting"]),
        .testTarget(name: "InputClickALSATests",
                    dependencies: ["InputClickALSA", "InputClick", "InputClickTesting", "TestSupport"]),
        .testTarget(name: "InputClickBackendsTests",
                    dependencies: ["InputClickBackends", "InputClick", "InputClickPipeWire", "InputClickPulseAudio"]),
        // The native PipeWire output against a private PipeWire with the stock clock (scripts/pipewire-sink.sh).
        .testTarget(name: "InputClickPipeWireTests",
                    dependencies: ["InputClickPipeWire", "InputClick", "InputClickTesting", "TestSupport"]),
        .testTarget(name: "InputClickPulseAudioTests",
                    dependencies: ["InputClickPulseAudio", "InputClick", "InputClickTesting", "TestSupport"]),
        .testTarget(name: "InputClickListenTests", dependencies: ["InputClickListen", "InputClick", "InputClickTesting"]),
        .testTarget(name: "KeyboardCoreTests", dependencies: ["KeyboardCore", "InputClick", "InputClickTesting"]),
        // Runs the built `inputclick` binary as a user would.
        .testTarget(name: "InputClickCLITests",
                    dependencies: ["inputclick", "InputClick", "InputClickTesting", "InputClickReports", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// INPUTCLICK_PACKAGE_TARGETS (target names, space-separated) narrows the
// package to those targets, the targets they depend on, and the products made
// of them only, so that a build for a few suites compiles nothing else
// (scripts/sanitizers.sh builds the core and keyboard suites twice this way).
if let roots = Context.environment["INPUTCLICK_PACKAGE_TARGETS"]?.split(separator: " ").map(String.init), !roots.isEmpty {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var kept = Set<String>()
    var pending = roots
    while let name = pending.popLast() {
        guard let target = byName[name], kept.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: break
            }
        }
    }
    package.targets = package.targets.filter { kept.contains($0.name) }
    package.products = package.products.filter { product in
        let targets = (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
        return !targets.isEmpty && targets.allSatisfy(kept.contains)
    }
}
