import InputClick
@testable import InputClickALSA
import Synchronization
import Testing

/// An output given a library message handler receives alsa-lib's messages of
/// its own calls (config/alsa/inputclick-test.conf's devices), in alsa-lib's
/// form, and still reads them for its errors.
@Suite struct LibraryMessageRoutingTests {
    init() { TestEnvironment.prepare() }

    /// What a handler received.
    private final class Received: Sendable {
        let lines = Mutex<[String]>([])
        var handler: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
    }

    /// The error of a stream opened on `device` through an output whose messages go to `received`.
    private func openError(_ device: String, _ received: Received) throws -> ALSAOutputError? {
        let output = try ALSAOutput(device: device, renderPriority: nil, libraryMessageHandler: received.handler)
        do {
            try output.openStream(OutputStreamRequest()).close()
            return nil
        } catch let error as ALSAOutputError {
            return error
        }
    }

    @Test func aCardThatCannotBeFoundIsReportedToTheHandlerAsAlsaLibPrintsIt() throws {
        let received = Received()
        let error = try openError("inputclick_no_card", received)
        guard case .openFailed(let device, _) = error else {
            Issue.record("expected the open to fail, got \(String(describing: error))")
            return
        }
        #expect(device == "inputclick_no_card")
        let lines = received.lines.withLock { $0 }
        #expect(lines.contains { $0.hasPrefix("ALSA lib confmisc.c:") && $0.hasSuffix("cannot find card 'inputclick_no_such_card'") },
                "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("ALSA lib ") }, "\(lines)")
    }

    @Test func messagesTheOutputReadsForItsErrorsReachTheHandlerToo() throws {
        let received = Received()
        let error = try openError("inputclick_missing_plugin", received)
        guard case .missingPlugin(_, let library, _) = error else {
            Issue.record("expected a missing plugin, got \(String(describing: error))")
            return
        }
        #expect(library == "/nonexistent/libasound_module_pcm_inputclick_missing.so")
        let lines = received.lines.withLock { $0 }
        #expect(lines.contains { $0.contains("Cannot open shared library /nonexistent/libasound_module_pcm_inputclick_missing.so") },
                "\(lines)")
    }
}
