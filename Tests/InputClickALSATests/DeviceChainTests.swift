import InputClick
@testable import InputClickALSA
import Testing

/// Which devices rewind: read from alsa-lib's own description of each chain.
@Suite struct DeviceChainTests {
    @Test func jackPlugAndFileOverThemRewind() {
        let plugOverJack = ALSADeviceChain(dump: "Plug PCM: ALSA <-> JACK PCM I/O Plugin\nIts setup is:\n  stream : PLAYBACK\n")
        #expect(plugOverJack.layers == [.plug, .jack])
        #expect(plugOverJack.scheduling(preferring: .automatic) == .rewind)
        let fileOverIt = ALSADeviceChain(dump: """
            File PCM (file=/tmp/x.wav)
            Final file PCM (file=/tmp/x.wav)
            Its setup is:
              stream       : PLAYBACK
            Slave: Plug PCM: ALSA <-> JACK PCM I/O Plugin
            Its setup is:
            """)
        #expect(fileOverIt.layers == [.file, .file, .plug, .jack])
        #expect(fileOverIt.scheduling(preferring: .automatic) == .rewind)
    }

    @Test func soundCardsDmixAndPipeWireRewindThroughConversions() {
        let card = ALSADeviceChain(dump: "Plug PCM: Linear conversion PCM (S16_LE)\nSlave: Hardware PCM card 0 'HDA Intel PCH' device 0 subdevice 0\n")
        #expect(card.scheduling(preferring: .automatic) == .rewind)
        let dmix = ALSADeviceChain(dump: "Soft volume PCM\nSlave: Direct Stream Mixing PCM\nSlave: Hardware PCM card 0 'X' device 0 subdevice 0\n")
        #expect(dmix.scheduling(preferring: .automatic) == .rewind, "dmix over a card: \(dmix.layers)")
        let pipewire = ALSADeviceChain(dump: "Plug PCM: ALSA <-> PipeWire PCM I/O Plugin\n")
        #expect(pipewire.scheduling(preferring: .automatic) == .rewind)
    }

    @Test func pulseKeepsItsStreamRunningWhateverLiesAboveIt() {
        // The opening of `snd_pcm_dump` for the sink of scripts/pulseaudio-sink.sh (a plug over pulse).
        let plugOverPulse = ALSADeviceChain(dump: """
            Plug PCM: ALSA <-> PulseAudio PCM I/O Plugin
            Its setup is:
              stream       : PLAYBACK
              access       : RW_INTERLEAVED
            """)
        #expect(plugOverPulse.layers == [.plug, .pulse])
        #expect(plugOverPulse.endsInPulseAudio)
        #expect(plugOverPulse.scheduling(preferring: .automatic) == .append)
        let fileOverRateOverPulse = ALSADeviceChain(dump: """
            File PCM (file=/a.wav)
            Slave: Plug PCM: Rate conversion PCM (48000, sformat=FLOAT_LE)
            Slave: ALSA <-> PulseAudio PCM I/O Plugin
            """)
        #expect(fileOverRateOverPulse.scheduling(preferring: .automatic) == .append, "\(fileOverRateOverPulse.layers)")
        #expect(plugOverPulse.scheduling(preferring: .onDemand) == .onDemand, "asked for, on-demand stays")
        #expect(!ALSADeviceChain(dump: "Plug PCM: ALSA <-> JACK PCM I/O Plugin\n").endsInPulseAudio)
    }

    /// Only `jack` (under pass-throughs) takes whole server cycles; a card, dmix, the pipewire and pulse
    /// plugins, and `jack` under a rate converter do not say so.
    @Test func onlyJackUnderPassThroughsTakesWholeCycles() {
        #expect(ALSADeviceChain(dump: "Plug PCM: ALSA <-> JACK PCM I/O Plugin\n").takesWholeCycles)
        #expect(ALSADeviceChain(dump: "File PCM (file=/a.wav)\nSlave: Plug PCM: ALSA <-> JACK PCM I/O Plugin\n").takesWholeCycles)
        #expect(!ALSADeviceChain(dump: "Plug PCM: Rate conversion PCM (48000, sformat=FLOAT_LE)\nSlave: ALSA <-> JACK PCM I/O Plugin\n").takesWholeCycles)
        #expect(!ALSADeviceChain(dump: "Plug PCM: ALSA <-> PipeWire PCM I/O Plugin\n").takesWholeCycles)
        #expect(!ALSADeviceChain(dump: "Plug PCM: ALSA <-> PulseAudio PCM I/O Plugin\n").takesWholeCycles)
        #expect(!ALSADeviceChain(dump: "Direct Stream Mixing PCM\nSlave: Hardware PCM card 0 'X' device 0 subdevice 0\n").takesWholeCycles)
        #expect(!ALSADeviceChain(dump: "Hardware PCM card 0 'X' device 0 subdevice 0\n").takesWholeCycles)
    }

    @Test func nullRateAndUnknownChainsStartOnDemandAndAppend() {
        #expect(ALSADeviceChain(dump: "Null PCM\n").scheduling(preferring: .automatic) == .onDemand)
        #expect(ALSADeviceChain(dump: "Plug PCM: Null PCM\n").scheduling(preferring: .automatic) == .onDemand)
        #expect(ALSADeviceChain(dump: "File PCM (file=/a.wav)\nSlave: Null PCM\n").scheduling(preferring: .automatic) == .onDemand)
        let rate = ALSADeviceChain(dump: "Plug PCM: Rate conversion PCM (48000, sformat=S16_LE)\nSlave: Hardware PCM card 0 'X' device 0 subdevice 0\n")
        #expect(rate.scheduling(preferring: .automatic) == .onDemand, "rate's rewind is approximate")
        #expect(ALSADeviceChain(dump: "Multi PCM\n").scheduling(preferring: .automatic) == .onDemand)
        #expect(ALSADeviceChain(dump: "").scheduling(preferring: .automatic) == .onDemand, "an empty description is no proof")
    }

    @Test func aPreferenceOverridesTheDevice() {
        let jack = ALSADeviceChain(dump: "ALSA <-> JACK PCM I/O Plugin\n")
        #expect(jack.scheduling(preferring: .onDemand) == .onDemand)
        #expect(jack.scheduling(preferring: .append) == .append)
    }
}
