import InputClick

// Latency figures. See inputclick.h for each function's contract.

@c(inputclick_latency)
public func inputclickLatency(_ context: OpaquePointer?, _ measure: Int32, _ count: UnsafeMutablePointer<Int>?,
                              _ p50: UnsafeMutablePointer<Double>?, _ p95: UnsafeMutablePointer<Double>?,
                              _ p99: UnsafeMutablePointer<Double>?, _ maximum: UnsafeMutablePointer<Double>?) -> Int32 {
    ExportCall.withContext("inputclick_latency", context) { _, context throws(PluginFailure) -> Int32 in
        guard measure == HeaderConstants.measureCallToWrite || measure == HeaderConstants.measureCallToConverter else {
            throw PluginFailure(.invalidArgument, "latency measure \(measure) is not INPUTCLICK_MEASURE_CALL_TO_WRITE "
                                + "(\(HeaderConstants.measureCallToWrite)) or INPUTCLICK_MEASURE_CALL_TO_CONVERTER "
                                + "(\(HeaderConstants.measureCallToConverter))")
        }
        let report = context.engine.player.latency.report()
        let summary = measure == HeaderConstants.measureCallToWrite ? report.toWrite : report.toConverter
        func microseconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1_000 }
        count?.pointee = summary.count
        p50?.pointee = microseconds(summary.p50)
        p95?.pointee = microseconds(summary.p95)
        p99?.pointee = microseconds(summary.p99)
        maximum?.pointee = microseconds(summary.max)
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_reset_latency)
public func inputclickResetLatency(_ context: OpaquePointer?) -> Int32 {
    ExportCall.withContext("inputclick_reset_latency", context) { _, context throws(PluginFailure) -> Int32 in
        context.engine.player.latency.reset()
        return PluginResult.ok.rawValue
    }
}
