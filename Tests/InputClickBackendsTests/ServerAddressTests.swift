#if canImport(Glibc)
import Glibc
#endif
import InputClick
import InputClickBackends
@testable import InputClickPipeWire
@testable import InputClickPulseAudio
import Testing

/// One reading of where each server is and one probe of its socket, shared
/// by the native backends' discovery and backend selection, and one
/// description of the stream for both servers.
@Suite("Where the servers are")
struct ServerAddressTests {
    @Test("PULSE_SERVER's first entry counts, without its machine-id prefix; unix: and bare paths are sockets, anything else a remote")
    func pulseServerEntries() {
        #expect(PulseAudioServerAddress(environment: ["PULSE_SERVER": "{abc}unix:/s/native tcp:h"]) == .namedSocket("/s/native"))
        #expect(PulseAudioServerAddress(environment: ["PULSE_SERVER": "/s/native"]) == .namedSocket("/s/native"))
        #expect(PulseAudioServerAddress(environment: ["PULSE_SERVER": "\ttcp:host:4713 /s/native"]) == .remote("tcp:host:4713"))
        #expect(PulseAudioServerAddress(environment: ["PULSE_SERVER": "host"]).remoteServer == "host")
        // Empty, or only a prefix: as if unset.
        #expect(PulseAudioServerAddress(environment: ["PULSE_SERVER": " ", "XDG_RUNTIME_DIR": "/r"]) == .defaultSocket("/r/pulse/native"))
        #expect(PulseAudioServerAddress(environment: ["PULSE_SERVER": "{abc}", "PULSE_RUNTIME_PATH": "/p"]) == .defaultSocket("/p/native"))
    }

    @Test("with no runtime directory set, PulseAudio is looked for at the system-wide socket, by discovery and selection alike")
    func oneFallback() {
        #expect(PulseAudioServerAddress(environment: [:]) == .defaultSocket("/var/run/pulse/native"))
        #expect(PulseAudioServer.discover(environment: [:]).address == "/var/run/pulse/native")
        #expect(SoundServerProbe(environment: [:]).pulseAddress.socketPath == "/var/run/pulse/native")
    }

    @Test("PULSE_SERVER with a machine-id prefix names the same socket to discovery as to selection")
    func discoveryReadsThePrefixedEntry() {
        let runtime = FakeRuntime()
        runtime.listen(at: "pulse/native")
        let environment: ProcessEnvironment = ["PULSE_SERVER": "{0123}unix:\(runtime.directory)/pulse/native"]
        let found = PulseAudioServer.discover(environment: environment)
        #expect(found.address == runtime.directory + "/pulse/native")
        #expect(found.isPresent, "\(found.reason)")
        #expect(SoundServerProbe(environment: environment).pulseAddress.socketPath == found.address)
    }

    @Test("a socket file nobody listens at is no server, to PulseAudio's discovery and to selection, for the same reason")
    func aStaleSocketIsNoServerAnywhere() throws {
        let runtime = FakeRuntime()
        runtime.listen(at: "pulse/native")
        runtime.listen(at: "pipewire-0")
        runtime.stopListening()
        let pulse = runtime.directory + "/pulse/native", pipewire = runtime.directory + "/pipewire-0"
        guard case .absent(let reason) = SocketListener.probe(pulse) else {
            Issue.record("a socket nobody listens at answered")
            return
        }
        #expect(reason == "nothing listens at \(pulse) (connect: Connection refused)")
        let found = PulseAudioServer.discover(environment: ["PULSE_RUNTIME_PATH": runtime.directory + "/pulse"])
        #expect(!found.isPresent, "\(found.reason)")
        let selection = try BackendSelection.choose(device: nil, preference: .automatic, probe: runtime.probe(),
                                                    libraryProblem: { _ in nil })
        #expect(selection.backend == .alsa)
        #expect(selection.reason.contains(reason) && selection.reason.contains("nothing listens at \(pipewire)"), "\(selection.reason)")
        // PipeWire's discovery (PipeWireServer.find, which loads libpipewire) gives
        // the same reason: InputClickPipeWireTests' ServerDiscoveryTests.
    }

    @Test("the probe names what is wrong: no file, not a socket, a path too long; and who listens")
    func probeReasons() {
        let runtime = FakeRuntime()
        #expect(SocketListener.probe(runtime.directory + "/none")
            == .absent(reason: "nothing at \(runtime.directory)/none: No such file or directory"))
        #expect(SocketListener.probe(runtime.directory) == .absent(reason: "\(runtime.directory) is not a socket"))
        #expect(!SocketListener.probe("/" + String(repeating: "a", count: 200)).isListening)
        runtime.listen(at: "pipewire-0")
        var comm = [UInt8](repeating: 0, count: 64)
        let descriptor = open("/proc/self/comm", O_RDONLY)
        let count = read(descriptor, &comm, 63)
        close(descriptor)
        var name = String(decoding: comm[..<max(0, count)], as: UTF8.self)
        if name.hasSuffix("\n") { name.removeLast() }
        #expect(count > 0)
        #expect(SocketListener.probe(runtime.directory + "/pipewire-0") == .listening(process: name))
    }

    @Test("one description of the stream reaches both servers: PulseAudio's property list and PipeWire's, role capitalised there")
    func oneStreamDescription() {
        let properties = StreamProperties(applicationName: "Pad", iconName: "pad-icon", streamName: "Taps")
        let pulse = Dictionary(uniqueKeysWithValues: properties.entries)
        #expect(pulse == ["media.role": "event", "application.name": "Pad", "application.icon_name": "pad-icon"])
        let pipewire = Dictionary(uniqueKeysWithValues: properties.stream(latencyFrames: 256, sampleRate: 48_000).map { ($0.key, $0.value) })
        #expect(pipewire["media.role"] == "Event")
        #expect(pipewire["application.name"] == "Pad" && pipewire["application.icon-name"] == "pad-icon")
        #expect(pipewire["media.name"] == "Taps" && pipewire["node.latency"] == "256/48000")
        let client = Dictionary(uniqueKeysWithValues: properties.context.map { ($0.key, $0.value) })
        #expect(client["application.name"] == "Pad" && client["application.icon-name"] == "pad-icon")
    }
}
