#if canImport(Glibc)
import Glibc
#endif
import InputClick
import InputClickBackends
import Testing

/// A private runtime directory with sound-server sockets made by the tests,
/// and a probe whose environment points only there.
final class FakeRuntime {
    let directory: String
    private var listeners: [Int32] = []
    private var children: [pid_t] = []

    init() {
        var template = Array("/tmp/inputclick-backends-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        directory = String(cString: template)
    }

    deinit {
        for descriptor in listeners { close(descriptor) }
        reapChildren()
        _ = directory.withCString { path in
            system("rm -rf '\(String(cString: path))'")
        }
    }

    func probe(_ extra: [String: String] = [:]) -> SoundServerProbe {
        // PIPEWIRE_REMOTE as an absolute path: the only PipeWire socket tried,
        // so a system-wide /run/pipewire on the test machine plays no part.
        let values = ["XDG_RUNTIME_DIR": directory, "PIPEWIRE_REMOTE": directory + "/pipewire-0"].merging(extra) { $1 }
        return SoundServerProbe(environment: ProcessEnvironment(values))
    }

    /// Listens at `relativePath` in this process.
    func listen(at relativePath: String) {
        let path = directory + "/" + relativePath
        if let slash = relativePath.lastIndex(of: "/") {
            mkdir(directory + "/" + relativePath[..<slash], 0o700)
        }
        // Close-on-exec: a child another test spawns meanwhile must not keep this socket listening.
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        precondition(bound == 0 && Glibc.listen(descriptor, 4) == 0, "cannot listen at \(path)")
        listeners.append(descriptor)
    }

    /// Stops the listeners, leaving their socket files behind, as a server that died does.
    func stopListening() {
        for descriptor in listeners { close(descriptor) }
        listeners.removeAll()
        reapChildren()
    }

    private func reapChildren() {
        for child in children {
            kill(child, SIGKILL)
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        children.removeAll()
    }

    /// Listens at `relativePath` from a child process whose name (its executable's) is `processName`:
    /// python3 copied under that name, started with posix_spawn (no fork of this multithreaded process).
    /// The child binds and listens, then stops itself with SIGSTOP; `waitpid(WUNTRACED)` sees that, and
    /// SIGCONT lets it go on to wait, on a pidfd, for this process to end, so that a test process that
    /// dies leaves no listener behind. The handshake holds no descriptor of this process. The pipe it
    /// replaces lost its read end once in CI to a stray close (the sound reader's double close, see
    /// `SoundFileDescriptorTests`): the child died of a broken pipe and nothing listened.
    func listen(at relativePath: String, asProcessNamed processName: String) {
        let path = directory + "/" + relativePath
        let program = directory + "/" + processName
        let script = "import os,select,signal,socket,sys; parent=os.pidfd_open(int(sys.argv[2])); "
            + "os.makedirs(os.path.dirname(sys.argv[1]), exist_ok=True); "
            + "s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(64); "
            + "os.kill(os.getpid(), signal.SIGSTOP); select.select([parent], [], [])"
        precondition(system("cp /usr/bin/python3 '\(program)'") == 0, "cannot copy python3")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let arguments = [program, "-c", script, path, String(getpid())]
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var child: pid_t = 0
        let spawned = posix_spawn(&child, program, &actions, nil, &pointers, environ)
        posix_spawn_file_actions_destroy(&actions)
        for pointer in pointers { free(pointer) }
        precondition(spawned == 0, "posix_spawn failed: \(spawned)")
        children.append(child)
        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(child, &status, WUNTRACED) } while reaped < 0 && errno == EINTR
        // Stopped (low byte 0x7f) by SIGSTOP (the next byte): anything else, the child failed before it listened.
        precondition(reaped == child && status & 0xff == 0x7f && (status >> 8) & 0xff == SIGSTOP,
                     "the listener '\(processName)' at \(path) did not get to listen: wait status \(status)")
        kill(child, SIGCONT)
    }
}

@Suite("Which backend plays")
struct BackendSelectionTests {
    private let everyLibraryLoads: (OutputBackend) -> String? = { _ in nil }

    @Test("a PCM named other than default plays through ALSA on it, whatever server runs")
    func namedPCMPlaysThroughALSA() throws {
        let runtime = FakeRuntime()
        runtime.listen(at: "pipewire-0")
        let selection = try BackendSelection.choose(device: "inputclick_sink", preference: .automatic,
                                                    probe: runtime.probe(), libraryProblem: everyLibraryLoads)
        #expect(selection.backend == .alsa)
        #expect(selection.device == "inputclick_sink")
    }

    @Test("with no server's socket the default plays through ALSA, and the reason says where it looked")
    func noServerMeansALSA() throws {
        let runtime = FakeRuntime()
        let selection = try BackendSelection.choose(device: "default", preference: .automatic,
                                                    probe: runtime.probe(), libraryProblem: everyLibraryLoads)
        #expect(selection.backend == .alsa)
        #expect(selection.device == "default")
        #expect(selection.reason.contains("no sound server answers"))
        #expect(selection.reason.contains(runtime.directory + "/pipewire-0"))
    }

    @Test("a PipeWire socket that answers makes PipeWire the backend of the default")
    func pipewireAnswers() throws {
        let runtime = FakeRuntime()
        runtime.listen(at: "pipewire-0")
        let selection = try BackendSelection.choose(device: nil, preference: .automatic,
                                                    probe: runtime.probe(), libraryProblem: everyLibraryLoads)
        #expect(selection.backend == .pipewire)
        #expect(selection.device == runtime.directory + "/pipewire-0")
    }

    @Test("a socket file that nobody listens at any more (a server that died) is no server")
    func staleSocketIsNoServer() throws {
        let runtime = FakeRuntime()
        runtime.listen(at: "pipewire-0")
        runtime.stopListening()
        // The socket file stays; connecting to it is refused.
        #expect(access(runtime.directory + "/pipewire-0", F_OK) == 0)
        let selection = try BackendSelection.choose(device: nil, preference: .automatic, probe: runtime.probe(),
                                                    libraryProblem: everyLibraryLoads)
        #expect(selection.backend == .alsa)
        #expect(selection.reason.contains("refused"), "\(selection.reason)")
    }

    @Test("an unknown server at PulseAudio's socket leaves PipeWire the backend when PipeWire answers, PulseAudio when it does not")
    func unknownPulseServer() throws {
        let runtime = FakeRuntime()
        runtime.listen(at: "pulse/native", asProcessNamed: "some-server")
        let alone = try BackendSelection.choose(device: nil, preference: .automatic, probe: runtime.probe(),
                                                libraryProblem: everyLibraryLoads)
        #expect(alone.backend == .pulseaudio, "a sandbox that shows only pulse/native: \(alone.reason)")
        runtime.listen(at: "pipewire-0")
        let both = try BackendSelection.choose(device: nil, preference: .automatic, probe: runtime.probe(),
                                               libraryProblem: everyLibraryLoads)
        #expect(both.backend == .pipewire)
    }

    @Test("a remote PulseAudio server in PULSE_SERVER is the user's choice, from its first entry, without a machine id")
    func remotePulseServer() throws {
        let runtime = FakeRuntime()
        runtime.listen(at: "pipewire-0")
        let selection = try BackendSelection.choose(device: nil, preference: .automatic,
                                                    probe: runtime.probe(["PULSE_SERVER": "{0123abcd}tcp:speakers:4713 unix:/x"]),
                                                    libraryProblem: everyLibraryLoads)
        #expect(selection.backend == .pulseaudio)
        #expect(selection.device == "tcp:speakers:4713")
    }

    @Test("PulseAudio served by PulseAudio wins over a PipeWire socket (PipeWire then serves video only)")
    func realPulseAudioWins() throws {
        let runtime = FakeRuntime()
        runtime.listen(at: "pipewire-0")
        runtime.listen(at: "pulse/native", asProcessNamed: "pulseaudio")
        let selection = try BackendSelection.choose(device: nil, preference: .automatic,
                                                    probe: runtime.probe(), libraryProblem: everyLibraryLoads)
        #expect(selection.backend == .pulseaudio)
        #expect(selection.reason.contains("pulseaudio"))
    }

    @Test("PulseAudio's socket served by pipewire-pulse means PipeWire, through its own backend")
    func pipewirePulseMeansPipeWire() throws {
        let runtime = FakeRuntime()
        runtime.listen(at: "pipewire-0")
        runtime.listen(at: "pulse/native", asProcessNamed: "pipewire-pulse")
        let selection = try BackendSelection.choose(device: nil, preference: .automatic,
                                                    probe: runtime.probe(), libraryProblem: everyLibraryLoads)
        #expect(selection.backend == .pipewire)
        #expect(selection.reason.contains("pipewire-pulse"))
    }

    @Test("a server whose client library does not load leaves ALSA's default, saying so")
    func missingLibraryFallsBackToALSA() throws {
        let runtime = FakeRuntime()
        runtime.listen(at: "pipewire-0")
        let selection = try BackendSelection.choose(device: nil, preference: .automatic, probe: runtime.probe(),
                                                    libraryProblem: { $0 == .pipewire ? "libpipewire-0.3.so.0 is missing" : nil })
        #expect(selection.backend == .alsa)
        #expect(selection.reason.contains("libpipewire-0.3.so.0 is missing"))
    }

    @Test("a native backend asked for by name fails with the reason when its server is absent or a PCM is named")
    func namedBackendFailsClearly() throws {
        let runtime = FakeRuntime()
        #expect(throws: BackendSelectionError.self) {
            try BackendSelection.choose(device: nil, preference: .only(.pulseaudio), probe: runtime.probe(),
                                        libraryProblem: everyLibraryLoads)
        }
        runtime.listen(at: "pipewire-0")
        #expect(throws: BackendSelectionError.self) {
            try BackendSelection.choose(device: "hw:0", preference: .only(.pipewire), probe: runtime.probe(),
                                        libraryProblem: everyLibraryLoads)
        }
        let selection = try BackendSelection.choose(device: "default", preference: .only(.pipewire), probe: runtime.probe(),
                                                    libraryProblem: everyLibraryLoads)
        #expect(selection.backend == .pipewire)
        let alsa = try BackendSelection.choose(device: nil, preference: .only(.alsa), probe: runtime.probe(),
                                               libraryProblem: everyLibraryLoads)
        #expect(alsa.backend == .alsa && alsa.device == "default")
    }

    @Test("backend names read back, and anything else is refused")
    func preferenceNames() {
        for name in BackendPreference.names { #expect(BackendPreference(name: name)?.description == name) }
        #expect(BackendPreference(name: "Pipewire") == nil)
        #expect(ServerLatencyPolicy.economy.frames(atSampleRate: 48_000) == 1024, "economy asks a stock graph's own quantum")
        #expect(BackendPreference(name: "") == nil)
    }

    @Test("the sockets are found where the client libraries look")
    func socketPaths() {
        let plain = SoundServerProbe(environment: ["XDG_RUNTIME_DIR": "/run/user/7"])
        #expect(plain.pipewireSockets.first == "/run/user/7/pipewire-0")
        #expect(plain.pulseAddress.socketPath == "/run/user/7/pulse/native")
        let told = SoundServerProbe(environment: ["PIPEWIRE_RUNTIME_DIR": "/p", "PIPEWIRE_REMOTE": "pw-x",
                                                  "PULSE_SERVER": "{abc}unix:/s/native tcp:h"])
        #expect(told.pipewireSockets.first == "/p/pw-x")
        #expect(told.pulseAddress.socketPath == "/s/native")
        #expect(told.pulseAddress.remoteServer == nil)
        let none = SoundServerProbe(environment: [:])
        #expect(none.pipewireSockets == ["/run/pipewire/pipewire-0"])
        #expect(none.pulseAddress.socketPath == "/var/run/pulse/native")
        #expect(SoundServerProbe(environment: ["PULSE_SERVER": "tcp:host"]).pulseAddress.socketPath == nil)
    }
}
