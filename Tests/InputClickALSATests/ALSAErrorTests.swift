import Glibc
import InputClickALSA
import Testing

@Suite struct ALSAErrorTests {
    @Test func namedCodesAreTheNegativeErrnoValues() {
        #expect(ALSAError.underrun.rawValue == -EPIPE)
        #expect(ALSAError.suspended.rawValue == -ESTRPIPE)
        #expect(ALSAError.noDevice.rawValue == -ENODEV)
        #expect(ALSAError.badState.rawValue == -EBADFD)
        #expect(ALSAError(rawValue: -EIO) == .ioError)
    }

    @Test func anErrorCarriesTheCallNameAndAlsaLibsText() {
        let error = ALSAError(-ENOENT, call: "snd_pcm_open")
        #expect(error.callName == "snd_pcm_open")
        #expect(error.message == "No such file or directory")
        #expect(error.description == "snd_pcm_open: No such file or directory (-2)")
    }

    @Test func equalityComparesTheCodeNotTheCall() {
        #expect(ALSAError(-ENODEV, call: "snd_pcm_writei") == .noDevice)
        #expect(ALSAError(-ENODEV, call: "snd_pcm_writei") != .badState)
    }

    @Test func disappearingDevicesAreToldApartFromRecoverableTrouble() {
        #expect(ALSAError.noDevice.meansDeviceLost)
        #expect(ALSAError.badState.meansDeviceLost)
        #expect(ALSAError.ioError.meansDeviceLost)
        #expect(!ALSAError.underrun.meansDeviceLost)
        #expect(!ALSAError.suspended.meansDeviceLost)
        #expect(ALSAError.badHandle.meansProgrammingError)
        #expect(!ALSAError.noDevice.meansProgrammingError)
    }
}
