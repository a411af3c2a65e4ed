import InputClick
@testable import InputClickALSA
import InputClickTesting
import Testing

/// A device whose definition names a plugin library alsa-lib cannot load
/// (config/alsa/inputclick-test.conf defines two) is a lasting configuration
/// error of that device, named with the library and the loader's reason:
/// never taken for a missing sound card, and retried only rarely.
@Suite struct MissingPluginTests {
    init() { TestEnvironment.prepare() }

    /// The error opening a stream on `device` throws.
    private func openError(_ device: String) throws -> ALSAOutputError {
        let output = try ALSAOutput(device: device)
        do {
            let stream = try output.openStream(OutputStreamRequest())
            stream.close()
            throw UnexpectedOpen(device: device)
        } catch let error as ALSAOutputError {
            return error
        }
    }

    private struct UnexpectedOpen: Error {
        var device: String
    }

    @Test func aLibraryThatDoesNotExistIsNamedWithTheLoadersReason() throws {
        let error = try openError("inputclick_missing_plugin")
        guard case .missingPlugin(let device, let library, let reason) = error else {
            Issue.record("expected a missing plugin, got \(error)")
            return
        }
        #expect(device == "inputclick_missing_plugin")
        #expect(library == "/nonexistent/libasound_module_pcm_inputclick_missing.so")
        #expect(reason.contains("cannot open shared object file: No such file or directory"), "\(reason)")
        #expect(error.description.hasPrefix("ALSA device 'inputclick_missing_plugin' needs the plugin library "
                                            + "'/nonexistent/libasound_module_pcm_inputclick_missing.so' which cannot be loaded: "))
        #expect(error.isPersistent)
    }

    @Test func aPluginTypeAbsentFromThePluginDirectoryIsNamedTheSameWay() throws {
        let error = try openError("inputclick_unknown_plugin")
        guard case .missingPlugin(_, let library, let reason) = error else {
            Issue.record("expected a missing plugin, got \(error)")
            return
        }
        #expect(library == "libasound_module_pcm_inputclick_nosuch.so")
        #expect(reason.contains("alsa-lib/libasound_module_pcm_inputclick_nosuch.so"), "\(reason)")
    }

    @Test func aDeviceWithNoCardBehindItIsStillAFailureThatPasses() throws {
        let error = try openError("inputclick_absent")
        guard case .openFailed = error else {
            Issue.record("expected a failed open, got \(error)")
            return
        }
        #expect(!error.isPersistent)
    }

    @Test func thePackageThatShipsAKnownPluginIsNamedInTheFix() {
        #expect(ALSALibraryMessages.package(providing: "libasound_module_pcm_jack.so") == "libasound2-plugins")
        #expect(ALSALibraryMessages.package(providing: "/usr/lib/x86_64-linux-gnu/alsa-lib/libasound_module_pcm_pulse.so")
                == "libasound2-plugins")
        #expect(ALSALibraryMessages.package(providing: "libasound_module_rate_samplerate_best.so") == "libasound2-plugins")
        #expect(ALSALibraryMessages.package(providing: "libasound_module_pcm_pipewire.so") == "pipewire-alsa")
        #expect(ALSALibraryMessages.package(providing: "/nonexistent/libfoo.so") == nil)
        let jack = ALSAOutputError.missingPlugin(device: "j", library: "libasound_module_pcm_jack.so", reason: "gone")
        #expect(jack.description.contains("install the package libasound2-plugins (Debian, Ubuntu)"))
        let other = ALSAOutputError.missingPlugin(device: "x", library: "/opt/libx.so", reason: "gone")
        #expect(other.description.contains("install the ALSA plugin that provides it"))
    }

    @Test func aLibraryWithoutThePluginsEntryPointCountsAsMissing() {
        let missing = ALSALibraryMessages.missingLibrary(in: [
            "unrelated", "symbol _snd_pcm_foo_open is not defined inside /usr/lib/libfoo.so",
        ])
        #expect(missing == .init(library: "/usr/lib/libfoo.so",
                                 reason: "it does not define the plugin's entry point _snd_pcm_foo_open"))
        #expect(ALSALibraryMessages.missingLibrary(in: ["cannot find card '0'"]) == nil)
    }

    @Test func aPlayerWarnsOnceWithTheRealReasonAndRetriesOnlyRarely() throws {
        let rig = try SinkRig(device: "inputclick_missing_plugin")
        rig.gate.setVisibleInputViews([rig.keyboard])
        #expect(rig.player.waitUntil(.waitingForDevice, timeout: .seconds(5)) == .reached)
        let retry = RetryBackoff().persistentFailureNanoseconds / 1_000_000
        #expect(rig.events.contains { $0.contains("needs the plugin library") && $0.hasSuffix("(retry in \(retry) ms)") },
                "\(rig.events)")
        #expect(rig.warnings.count == 1, "\(rig.warnings)")
        let warning = try #require(rig.warnings.first)
        #expect(warning.contains("'/nonexistent/libasound_module_pcm_inputclick_missing.so' which cannot be loaded"))
        #expect(warning.contains("Clicks are off until that is fixed; trying again every \(retry / 1_000) s."))
        #expect(rig.hideAndWaitUntilClosed())
    }
}
