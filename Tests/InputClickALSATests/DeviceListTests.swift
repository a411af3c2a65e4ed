import InputClickALSA
import Testing

@Suite struct DeviceListTests {
    init() { TestEnvironment.prepare() }

    @Test func theDeviceListShowsThePlaybackDevicesTheConfigurationAdvertises() throws {
        let devices = try ALSADevice.playbackDevices()
        let sink = try #require(devices.first { $0.name == "inputclick_sink" })
        #expect(sink.description?.contains("virtual sink") == true)
        #expect(devices.allSatisfy { $0.canPlay })
        #expect(Set(devices.map(\.name)).count == devices.count)
    }

    @Test func theLibraryVersionIsReported() {
        #expect(ALSAOutput.libraryVersion.split(separator: ".").count >= 3)
    }
}
