import InputClick
import InputClickPipeWire
import InputClickPulseAudio
import Testing

/// The sound servers' outputs take their stall limits from ``LivenessPolicy``.
@Suite("The outputs' liveness limits")
struct OutputLivenessLimitsTests {
    @Test func theSoundServerOutputsDefaultAndRaiseTheirStallTimeoutsAsTheLivenessPolicySays() {
        #expect(PulseAudioOutput().stallTimeoutNanoseconds == LivenessPolicy.serverStallTimeoutNanoseconds)
        #expect(PipeWireOutput().stallTimeoutNanoseconds == LivenessPolicy.serverStallTimeoutNanoseconds)
        #expect(PulseAudioOutput(stallTimeoutNanoseconds: 1).stallTimeoutNanoseconds
                == LivenessPolicy.minimumStallTimeoutNanoseconds)
        #expect(PipeWireOutput(stallTimeoutNanoseconds: 1).stallTimeoutNanoseconds
                == LivenessPolicy.minimumPipeWireStallTimeoutNanoseconds)
    }
}
