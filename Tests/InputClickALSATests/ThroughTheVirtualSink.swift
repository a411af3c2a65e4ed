import Testing

/// Every suite that plays into the virtual sink nests in this one, so that
/// they run one at a time (they share the sink, and some stop it) and the
/// sink is started before them and stopped after them.
@Suite(.serialized, VirtualSinkScope())
struct ThroughTheVirtualSink {}

/// Starts the virtual sink around ``ThroughTheVirtualSink`` and stops it afterwards.
struct VirtualSinkScope: SuiteTrait, TestScoping {
    func scopeProvider(for test: Test, testCase: Test.Case?) -> VirtualSinkScope? {
        test.isSuite && testCase == nil && test.name == "ThroughTheVirtualSink" ? self : nil
    }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        TestEnvironment.prepare()
        if let failure = VirtualSink.start() {
            Issue.record("the virtual sink did not start: \(failure)")
            return
        }
        defer { VirtualSink.stopIfStartedHere() }
        try await function()
    }
}
