import Foundation
import InputClick
import InputClickPipeWire
import Testing

/// Where a PipeWire server is looked for, as libpipewire 0.3 looks, and what
/// an open says when none answers. None of these needs a server.
@Suite struct ServerDiscoveryTests {
    @Test("the socket is looked for in PIPEWIRE_RUNTIME_DIR, else XDG_RUNTIME_DIR, else USERPROFILE, then /run/pipewire")
    func runtimeDirectoriesInLibpipewiresOrder() {
        #expect(PipeWireServer.socketCandidates(environment: ["PIPEWIRE_RUNTIME_DIR": "/a", "XDG_RUNTIME_DIR": "/b"])
            == ["/a/pipewire-0", "/run/pipewire/pipewire-0"])
        #expect(PipeWireServer.socketCandidates(environment: ["XDG_RUNTIME_DIR": "/b", "USERPROFILE": "/c"])
            == ["/b/pipewire-0", "/run/pipewire/pipewire-0"])
        #expect(PipeWireServer.socketCandidates(environment: ["USERPROFILE": "/c"]) == ["/c/pipewire-0", "/run/pipewire/pipewire-0"])
        #expect(PipeWireServer.socketCandidates(environment: [:]) == ["/run/pipewire/pipewire-0"])
    }

    @Test("PIPEWIRE_REMOTE names the socket, and wins over the client's remote; a path is used as it is")
    func theRemoteName() {
        #expect(PipeWireServer.socketCandidates(environment: ["PIPEWIRE_REMOTE": "other", "XDG_RUNTIME_DIR": "/b"], remote: "mine")
            == ["/b/other", "/run/pipewire/other"])
        #expect(PipeWireServer.socketCandidates(environment: ["XDG_RUNTIME_DIR": "/b"], remote: "mine")
            == ["/b/mine", "/run/pipewire/mine"])
        #expect(PipeWireServer.socketCandidates(environment: ["PIPEWIRE_REMOTE": "/s/sock", "XDG_RUNTIME_DIR": "/b"]) == ["/s/sock"])
    }

    @Test("a runtime directory with no socket, or a socket nobody listens on, is no server, and the reason says where it looked")
    func noServerIsFoundWhereNoneListens() throws {
        StockPipeWire.quietLibraryLog()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inputclick-pwn-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let empty = PipeWireServer.find(environment: ["PIPEWIRE_REMOTE": "\(directory)/pipewire-0"])
        #expect(!empty.isAvailable && empty.socketPath == nil)
        #expect(empty.reason.contains("nothing at \(directory)/pipewire-0: No such file or directory"), "\(empty.reason)")
        // A socket left behind by a server that died: bound, never listened on.
        let stale = "\(directory)/stale"
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(stale.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(descriptor)
        try #require(bound == 0)
        let refused = PipeWireServer.find(environment: ["PIPEWIRE_REMOTE": stale])
        #expect(!refused.isAvailable)
        #expect(refused.reason.contains("Connection refused"), "\(refused.reason)")
    }

    @Test("an open with no server names the call that failed and the library's text")
    func anOpenWithNoServerSaysWhy() throws {
        StockPipeWire.quietLibraryLog()
        let output = PipeWireOutput(remote: "/nonexistent-inputclick-\(getpid())/pipewire-0")
        #expect(output.callsMayBlock)
        do {
            let stream = try output.openStream(OutputStreamRequest())
            stream.close()
            Issue.record("a stream opened with no server")
        } catch let error as PipeWireError {
            #expect("\(error)".contains("pw_context_connect failed: Host is down"), "\(error)")
        }
    }
}

extension ThroughStockPipeWire {
    @Suite struct RunningServerDiscoveryTests {
        @Test("the stock sink's socket is found, and libpipewire loads")
        func theRunningServerIsFound() {
            let sink = StockPipeWire.shared
            let found = PipeWireServer.find(environment: ["PIPEWIRE_RUNTIME_DIR": sink.directory])
            #expect(found.isAvailable, "\(found.reason)")
            #expect(found.socketPath == sink.socket)
            #expect(found.libraryVersion?.hasPrefix("0.3.") == true, "\(found.reason)")
        }
    }
}
