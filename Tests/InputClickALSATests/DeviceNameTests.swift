import InputClick
import InputClickALSA
import Testing

@Suite struct DeviceNameTests {
    init() { TestEnvironment.prepare() }

    @Test func aNameThatIsNotInTheConfigurationIsAClearErrorAtConfigurationTime() {
        #expect(throws: ALSAOutputError.unknownDevice(name: "no_such_pcm_anywhere")) {
            try ALSAOutput(device: "no_such_pcm_anywhere")
        }
        let message = ALSAOutputError.unknownDevice(name: "no_such_pcm_anywhere").description
        #expect(message.contains("'no_such_pcm_anywhere'"))
        #expect(message.contains("aplay -L"))
    }

    @Test func aHardwareNameForACardThatDoesNotExistIsAClearError() {
        #expect(throws: ALSAOutputError.unknownCard(name: "hw:29,0", card: "29")) {
            try ALSAOutput(device: "hw:29,0")
        }
        #expect(throws: ALSAOutputError.unknownCard(name: "plughw:CARD=Nope,DEV=0", card: "Nope")) {
            try ALSAOutput(device: "plughw:CARD=Nope,DEV=0")
        }
    }

    @Test func anEmptyNameIsAClearError() {
        #expect(throws: ALSAOutputError.emptyDeviceName) { try ALSAOutput(device: "  ") }
    }

    @Test func namesDefinedInTheConfigurationAreAcceptedWithoutOpeningAnything() throws {
        #expect(try ALSAOutput(device: "inputclick_sink").name == "inputclick_sink")
        #expect(try ALSAOutput(device: "inputclick_capture:FILE=/tmp/x.wav").name == "inputclick_capture:FILE=/tmp/x.wav")
        #expect(try ALSAOutput(device: "inputclick_absent").name == "inputclick_absent")
        #expect(try ALSAOutput(device: "null").name == "null")
    }

    @Test func defaultIsAcceptedEvenWhenNoSoundCardIsBehindIt() throws {
        // Expanding `default` needs card 0, which this machine may lack: that is
        // the no-device path (warn and retry), not a bad name.
        #expect(try ALSAOutput(device: "default").name == "default")
        #expect(try ALSAOutput(device: "plug:inputclick_sink").name == "plug:inputclick_sink")
    }

    @Test func openingADefinedDeviceThatIsNotThereNamesItAndTheReason() throws {
        let output = try ALSAOutput(device: "inputclick_absent")
        do {
            _ = try output.openStream(OutputStreamRequest())
            Issue.record("opening a device with no card behind it succeeded")
        } catch let error as ALSAOutputError {
            guard case .openFailed(let device, let cause) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(device == "inputclick_absent")
            #expect(cause.callName == "snd_pcm_open")
            #expect(error.description.contains("cannot open ALSA device 'inputclick_absent'"))
        }
    }
}
