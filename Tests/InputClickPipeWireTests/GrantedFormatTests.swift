import InputClick
import InputClickPipeWire
import Testing

extension ThroughStockPipeWire {
    /// An open reports the period and buffer the server granted, not those it asked.
    @Suite struct GrantedFormatTests {
        @Test("a stream asking the graph for 1024 frames beside one asking 256 reports the 256 the graph runs")
        func theGrantedPeriodIsReported() throws {
            let output = StockPipeWire.shared.output()
            let balanced = try output.openStream(OutputStreamRequest(serverLatency: .balanced))
            defer { balanced.close() }
            let economy = try output.openStream(OutputStreamRequest(serverLatency: .economy))
            defer { economy.close() }
            print("native PipeWire, granted: balanced \(balanced.format), economy \(economy.format)")
            #expect(balanced.format.periodFrames == 256, "\(balanced.format)")
            #expect(economy.format.periodFrames == 256, "asked 1024, the graph runs 256: \(economy.format)")
            #expect(economy.format.bufferFrames >= economy.format.periodFrames)
            #expect(economy.format.bufferFrames % economy.format.periodFrames == 0)
        }
    }
}
