import InputClick
import InputClickTesting
import Testing

@Suite("Draining the player")
struct PlayerDrainTests {
    @Test func drainingWithNothingPlayedReturnsAtOnceWithOrWithoutAStream() {
        let harness = PlayerHarness()
        #expect(harness.player.drain(timeout: .zero), "no stream: nothing can sound")
        harness.show()
        #expect(harness.player.drain(timeout: .zero), "a stream but no click")
    }

    @Test func drainingReturnsOnlyOnceTheWholeClickHasBeenWrittenPastTheDeviceBuffer() throws {
        let harness = PlayerHarness()
        harness.show()
        #expect(harness.gate.playInputClick(.return) == .plays)
        #expect(!harness.player.drain(timeout: .zero), "nothing rendered yet")
        _ = harness.render(milliseconds: 2)
        #expect(harness.player.latency.count == 1, "the click was written in the first period")
        #expect(!harness.player.drain(timeout: .zero), "written, but its sound has not been played out")
        let format = try #require(harness.player.statistics.format)
        let longest = try #require(harness.player.longestSoundFrames)
        let start = try #require(harness.player.latency.records().first?.streamFrame)
        let rendered = harness.output.render(frameCount: Int(start) + longest + format.bufferFrames)
        #expect(!rendered.isEmpty)
        #expect(harness.player.drain(timeout: .zero))
        #expect(try #require(harness.player.framesWritten) >= start + Int64(longest + format.bufferFrames))
    }

    /// Its render thread has a name of its own, so that the sink tests
    /// running in parallel in this process, which count the threads named
    /// ``RealtimeThread/renderThreadName``, never count it.
    @Test func aDrainOnARealTimeRenderThreadReturnsOnceTheClicksSoundedOut() throws {
        let session = ClickSession(output: NullOutput(priority: nil, threadName: "ic-drain-test"),
                                   configuration: ClickPlayerConfiguration(lingerNanoseconds: 1_000_000, warningHandler: { _ in }),
                                   sounds: SyntheticClickSounds.provider)
        defer { session.close() }
        let player = session.player
        #expect(session.open(timeout: .seconds(30)) == .reached)
        for kind in [ClickKind.key, .space, .return] { #expect(session.play(kind) == .plays) }
        #expect(session.drain(timeout: .seconds(30)))
        #expect(player.latency.count == 3, "every accepted click was written")
        let last = try #require(player.latency.records().map(\.streamFrame).max())
        let longest = try #require(player.longestSoundFrames)
        #expect(try #require(player.framesWritten) >= last + Int64(longest))
    }
}
