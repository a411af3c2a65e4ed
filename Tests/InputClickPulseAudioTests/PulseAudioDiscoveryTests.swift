import Foundation
import InputClick
import InputClickPulseAudio
import TestSupport
import Testing

/// Finding the server as libpulse would: `$PULSE_SERVER`, else
/// `$PULSE_RUNTIME_PATH/native`, else `$XDG_RUNTIME_DIR/pulse/native`.
@Suite("finding a PulseAudio server")
struct PulseAudioDiscoveryTests {
    @Test("the rig's socket named by PULSE_SERVER is found, and libpulse loads")
    func theRigsSocketIsFound() throws {
        let rig = try PulseAudioRig()
        let server = try #require(rig.sink.environment()["PULSE_SERVER"])
        let found = PulseAudioServer.discover(environment: ["PULSE_SERVER": server])
        #expect(found.isUsable, "\(found.reason)")
        #expect(found.libraryLoads)
        #expect(PulseAudioOutput.libraryVersion?.hasPrefix("16.") == true)
        // The same socket found through PULSE_RUNTIME_PATH.
        let runtime = String(server.dropFirst("unix:".count).dropLast("/native".count))
        #expect(PulseAudioServer.discover(environment: ["PULSE_RUNTIME_PATH": runtime]).isPresent)
    }

    @Test("no socket in the runtime directory: not present, and the reason names the path")
    func noSocketIsReported() {
        let found = PulseAudioServer.discover(environment: ["XDG_RUNTIME_DIR": "/nonexistent-inputclick"])
        #expect(!found.isPresent && !found.isUsable)
        #expect(found.address == "/nonexistent-inputclick/pulse/native")
        #expect(found.reason.contains("no PulseAudio server's socket at /nonexistent-inputclick/pulse/native"))
    }

    @Test("PULSE_SERVER naming a missing socket is not present")
    func aMissingSocketInPulseServerIsReported() {
        let found = PulseAudioServer.discover(environment: ["PULSE_SERVER": "unix:/nonexistent-inputclick/native"])
        #expect(!found.isPresent)
        #expect(found.reason.contains("where no server listens"))
    }
}
