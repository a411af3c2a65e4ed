import Dispatch
import Foundation
import InputClick
import InputClickPipeWire
import InputClickTesting
import Synchronization
import Testing

extension ThroughStockPipeWire {
    /// The server killed or frozen under a running stream: the stream
    /// reports one fault of the right kind, and its close never waits for
    /// the server.
    @Suite struct ServerFaultTests {
        /// A stream of `output` rendering silence, and the faults it reported.
        private final class RunningStream: Sendable {
            let stream: any AudioOutputStream
            let reported = Faults()
            let faulted = DispatchSemaphore(value: 0)
            var faults: [OutputFault] { reported.list.withLock { $0 } }

            final class Faults: Sendable {
                let list = Mutex<[OutputFault]>([])
            }

            init(_ output: PipeWireOutput) throws {
                stream = try output.openStream(OutputStreamRequest())
                let mixer = Mixer(configuration: MixerConfiguration(sampleRate: 48_000, channels: 2),
                                  bank: SyntheticClickSounds.bank())
                let renderer = OutputRenderer(mixer: mixer, latency: LatencyRecorder(capacity: 64), format: stream.format)
                try stream.start(rendering: renderer) { [reported, faulted] fault in
                    reported.list.withLock { $0.append(fault) }
                    faulted.signal()
                }
            }
        }

        /// Sends `signal` to the daemon; returns whether there was one to send it to.
        private func signalDaemon(_ sink: StockPipeWire, _ signal: Int32) -> pid_t? {
            guard let pid = sink.daemonPID else { return nil }
            return kill(pid, signal) == 0 ? pid : nil
        }

        private func expectOneFault(_ running: RunningStream, _ kind: OutputFault.Kind) {
            let faults = running.faults
            #expect(faults.count == 1, "\(faults)")
            #expect(faults.first?.kind == kind, "\(faults)")
        }

        @Test("a server killed under the stream is a lost device, reported once")
        func aKilledServerIsALostDevice() throws {
            let sink = StockPipeWire.shared
            let running = try RunningStream(sink.output())
            try #require(signalDaemon(sink, SIGKILL) != nil, "no pipewire daemon to kill")
            defer { #expect(sink.restart() == nil, "the sink did not start again") }
            #expect(running.faulted.wait(timeout: .now() + 20) == .success, "no fault reported")
            running.stream.close()
            running.stream.close()
            expectOneFault(running, .deviceLost)
        }

        @Test("a server frozen under the stream stalls it, and its close does not wait for the server")
        func aFrozenServerStallsTheStreamAndCloseReturns() throws {
            let sink = StockPipeWire.shared
            let running = try RunningStream(sink.output())
            let pid = try #require(signalDaemon(sink, SIGSTOP), "no pipewire daemon to freeze")
            defer { kill(pid, SIGCONT) }
            #expect(running.faulted.wait(timeout: .now() + 20) == .success, "no fault reported")
            // The close runs on a thread of its own, so that one that waited
            // for the server fails the test (the server resumes at the end) rather than hanging it.
            let closed = DispatchSemaphore(value: 0)
            let before = ClickClock.monotonic.now()
            Thread.detachNewThread { [running] in
                running.stream.close()
                closed.signal()
            }
            let returned = closed.wait(timeout: .now() + 10) == .success
            print("native PipeWire, frozen server: close took \((ClickClock.monotonic.now() - before) / 1_000_000) ms")
            #expect(returned, "close waited for the frozen server")
            expectOneFault(running, .stalled)
        }

        @Test("an open on a frozen server fails, naming the server's silence and how long it waited")
        func anOpenOnAFrozenServerFailsClearly() throws {
            let sink = StockPipeWire.shared
            let pid = try #require(signalDaemon(sink, SIGSTOP), "no pipewire daemon to freeze")
            defer { kill(pid, SIGCONT) }
            let output = PipeWireOutput(remote: sink.socket, connectTimeoutNanoseconds: 300_000_000, threadName: "inputclick-pwt")
            do {
                let stream = try output.openStream(OutputStreamRequest())
                stream.close()
                Issue.record("a stream opened on a frozen server")
            } catch let error as PipeWireError {
                guard case .noAnswer = error else {
                    Issue.record("not the server's silence: \(error)")
                    return
                }
                #expect("\(error)".contains("did not answer within 300 ms"), "\(error)")
            }
        }
    }
}
