import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import Synchronization
import TestSupport
import Testing

extension ThroughTheVirtualSink {
    @Suite struct StreamLifecycleTests {
        /// JACK ports other than the sink's own: the clients holding the device.
        private func clientPorts() -> [String] {
            VirtualSink.ports().filter { !$0.hasPrefix("system:") }
        }

        @Test func theStreamOpensOnShowAndClosesAfterHideAndLingerHoldingNothingWhileHidden() throws {
            // The close is waited for to its end (10 s), never abandoned to a thread: `closed` then comes
            // after snd_pcm_close returned.
            let rig = try SinkRig(lingerMilliseconds: 2_000, closeTimeoutMilliseconds: 10_000)
            #expect(clientPorts().isEmpty)
            #expect(SinkRig.renderThreadCount() == 0)

            #expect(rig.showAndWaitUntilRunning())
            #expect(SinkRig.renderThreadCount() == 1)
            let renderThread = try #require(SinkRig.watchRenderThread(),
                                          "no render thread to watch, or no thread pidfd (Linux 6.9): \(SinkRig.renderThreadCount()) render threads")
            #expect(!clientPorts().isEmpty, "the stream should be connected to the sink")
            #expect(rig.gate.playInputClick() == .plays)

            rig.gate.setVisibleInputViews([])
            #expect(rig.player.waitUntil(.lingering, timeout: .seconds(2)) == .reached)
            #expect(SinkRig.renderThreadCount() == 1, "the stream must stay open during the linger")
            #expect(rig.player.statistics.format != nil)

            #expect(rig.player.waitUntil(.closed, timeout: .seconds(10)) == .reached)
            #expect(renderThread.wait(until: TestDeadline(seconds: 10)),
                    "the render thread outlived the stream")
            #expect(SinkRig.renderThreadCount() == 0)
            #expect(rig.player.statistics.abandonedDeviceCalls == 0, "the close did not return within 10 s")
            // One look suffices once the close has returned. On JACK, the
            // jack plugin's close ends in jack_client_close, a request that
            // jackd answers after it unregistered the client's ports. On
            // PipeWire, the pipewire plugin's close disconnects from the
            // daemon, which destroys the client's nodes on that hang-up,
            // before it serves a client that connects later (pw-dump).
            #expect(clientPorts().isEmpty, "the device is still held while hidden: \(clientPorts())")
            #expect(rig.player.statistics.opens == 1)
        }

        @Test func showingAgainDuringTheLingerKeepsTheOpenStream() throws {
            let rig = try SinkRig(lingerMilliseconds: 2_000)
            #expect(rig.showAndWaitUntilRunning())
            rig.gate.setVisibleInputViews([])
            #expect(rig.player.waitUntil(.lingering, timeout: .seconds(2)) == .reached)
            #expect(rig.showAndWaitUntilRunning())
            #expect(rig.player.statistics.opens == 1)
            #expect(rig.gate.playInputClick(.space) == .plays)
            #expect(rig.waitForWrittenClicks(1))
            #expect(rig.hideAndWaitUntilClosed())
        }

        /// Opens a stream on `output` and starts it rendering a mixer of the synthetic sounds.
        private func startStream(on output: ALSAOutput, onFault: @escaping @Sendable (OutputFault) -> Void) throws
            -> (stream: any AudioOutputStream, mixer: Mixer, latency: LatencyRecorder, progress: RenderProgressSignal) {
            let stream = try output.openStream(OutputStreamRequest())
            let format = stream.format
            let mixer = Mixer(configuration: MixerConfiguration(sampleRate: format.sampleRate, channels: format.channels),
                              bank: SyntheticClickSounds.bank(sampleRate: format.sampleRate, channels: format.channels))
            let latency = LatencyRecorder()
            let renderer = OutputRenderer(mixer: mixer, latency: latency, format: format)
            try stream.start(rendering: renderer, onFault: onFault)
            return (stream, mixer, latency, renderer.progress)
        }

        @Test func theRenderThreadGetsRealTimeSchedulingWhenAllowedAndPlaysEitherWay() throws {
            TestEnvironment.prepare()
            let priority = RealtimeThread.defaultPriority
            // Ask, on a thread of our own, whether SCHED_FIFO is permitted here.
            let box = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
            defer { box.deallocate() }
            box.initialize(to: priority)
            var thread = pthread_t()
            try #require(pthread_create(&thread, nil, { argument in
                let pointer = argument!.assumingMemoryBound(to: Int32.self)
                var parameters = sched_param()
                parameters.sched_priority = pointer.pointee
                pointer.pointee = pthread_setschedparam(pthread_self(), Int32(SCHED_FIFO), &parameters) == 0 ? 1 : 0
                return nil
            }, box) == 0)
            pthread_join(thread, nil)
            let allowed = box.pointee == 1

            let faults = Faults()
            let (stream, mixer, latency, progress) = try startStream(on: ALSAOutput(device: VirtualSink.device, renderPriority: priority),
                                                           onFault: faults.add)
            defer { stream.close() }
            #expect(stream.isRealtime == allowed, "SCHED_FIFO allowed here: \(allowed)")
            #expect(mixer.submitClick(.key, requestedAt: ClickClock.monotonic.now()))
            #expect(progress.wait(untilNanoseconds: MonotonicClock.deadline(after: .seconds(5))) { latency.count == 1 })
            #expect(faults.count == 0)
        }

        @Test func aClosedStreamStopsItsThreadAndIsReleased() throws {
            let output = try ALSAOutput(device: VirtualSink.device, renderPriority: nil)
            weak var released: AnyObject?
            do {
                let (stream, mixer, latency, progress) = try startStream(on: output) { _ in }
                #expect(mixer.submitClick(.key, requestedAt: ClickClock.monotonic.now()))
                #expect(progress.wait(untilNanoseconds: MonotonicClock.deadline(after: .seconds(5))) { latency.count == 1 })
                stream.close()
                stream.close()
                released = stream
            }
            #expect(released == nil, "the stream and its buffers outlived close()")
            #expect(SinkRig.renderThreadCount() == 0)
        }
    }
}

/// Faults a stream reported.
private final class Faults: Sendable {
    private let list = Mutex<[OutputFault]>([])
    func add(_ fault: OutputFault) { list.withLock { $0.append(fault) } }
    var count: Int { list.withLock { $0.count } }
}
