import InputClick
import Testing

@Suite struct SampleFormatTests {
    private func convert<T>(_ values: [Float], to format: SampleFormat, as _: T.Type) -> [T] {
        var bytes = [UInt8](repeating: 0, count: values.count * format.bytesPerSample)
        values.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBytes { format.convert(source.baseAddress!, count: values.count, into: $0.baseAddress!) }
        }
        return bytes.withUnsafeBytes { Array($0.bindMemory(to: T.self)) }
    }

    @Test func sixteenBitConversionScalesRoundsAndClamps() {
        #expect(convert([0, 1, -1, 0.5, 2, -3, .nan], to: .signed16, as: Int16.self) == [0, 32_767, -32_767, 16_384, 32_767, -32_767, 0])
    }

    @Test func thirtyTwoBitConversionReachesFullScaleWithoutOverflow() {
        #expect(convert([0, 1, -1, 2], to: .signed32, as: Int32.self) == [0, 2_147_483_647, -2_147_483_647, 2_147_483_647])
    }

    @Test func floatConversionClampsAndSilencesNaN() {
        #expect(convert([0.25, 1.5, -1.5, .nan], to: .float32, as: Float.self) == [0.25, 1, -1, 0])
    }

    @Test func formatsReportTheirSizesAndNames() {
        #expect(SampleFormat.allCases.map(\.bytesPerSample) == [4, 4, 2])
        #expect(SampleFormat.allCases.map(\.description) == ["FLOAT", "S32", "S16"])
    }
}
