import Testing

/// Every suite that plays into the stock PipeWire sink nests in this one, so
/// that they run one at a time (they share the sink, and some kill or freeze
/// its daemon) and the sink is started before them and stopped after them.
@Suite(.serialized, StockPipeWireScope())
struct ThroughStockPipeWire {}

/// Starts the stock PipeWire sink around ``ThroughStockPipeWire`` and stops it afterwards (when it is this process's).
struct StockPipeWireScope: SuiteTrait, TestScoping {
    func scopeProvider(for test: Test, testCase: Test.Case?) -> StockPipeWireScope? {
        test.isSuite && testCase == nil && test.name == "ThroughStockPipeWire" ? self : nil
    }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        StockPipeWire.quietLibraryLog()
        let sink = StockPipeWire.shared
        if let failure = sink.start() {
            Issue.record("the stock PipeWire sink did not start: \(failure)")
            return
        }
        defer { sink.stopIfStartedHere() }
        try await function()
    }
}
