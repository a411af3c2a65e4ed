import InputClick

// The stream: state, waiting for it, draining it, its format and counters, and warnings.
// See inputclick.h for each function's contract.

@c(inputclick_state)
public func inputclickState(_ context: OpaquePointer?) -> Int32 {
    ExportCall.withContext("inputclick_state", context) { _, context throws(PluginFailure) -> Int32 in
        guard let state = PluginStreamState(context.engine.player.state) else {
            throw PluginFailure(.closed, "the inputclick_context is closing")
        }
        return state.rawValue
    }
}

/// Blocks on the player's published state (``ClickPlayer/waitUntil(_:timeout:)``);
/// `inputclick_close` on another thread shuts the player down first, which wakes it.
@c(inputclick_wait_until_running)
public func inputclickWaitUntilRunning(_ context: OpaquePointer?, _ timeoutMilliseconds: Int32) -> Int32 {
    ExportCall.withContext("inputclick_wait_until_running", context) { handle, context throws(PluginFailure) -> Int32 in
        guard timeoutMilliseconds >= 0 else {
            throw PluginFailure(.invalidArgument, "the timeout \(timeoutMilliseconds) ms is negative")
        }
        guard context.engine.gate.isClickEnabledInputViewVisible else {
            throw PluginFailure(.noStream, "no click-enabled input view is visible, so no stream opens; report one with inputclick_set_visible_views first")
        }
        let result = context.engine.waitUntilReady(timeout: .milliseconds(timeoutMilliseconds))
        if handle.isClosing {
            throw PluginFailure(.closed, "the inputclick_context was closed while waiting")
        }
        switch result {
        case .reached:
            return PluginResult.ok.rawValue
        case .shutDown:
            throw PluginFailure(.closed, "the inputclick_context was closed while waiting")
        case .timedOut(.waitingForDevice):
            let warning = context.warnings.mostRecent
            throw PluginFailure(.deviceUnavailable, warning.isEmpty
                ? "audio device '\(context.device)' could not be opened within \(timeoutMilliseconds) ms"
                : warning)
        case .timedOut(let state):
            throw PluginFailure(.timeout, "the stream on '\(context.device)' was not running within \(timeoutMilliseconds) ms (state: \(state))")
        }
    }
}

@c(inputclick_drain)
public func inputclickDrain(_ context: OpaquePointer?, _ timeoutMilliseconds: Int32) -> Int32 {
    ExportCall.withContext("inputclick_drain", context) { handle, context throws(PluginFailure) -> Int32 in
        guard timeoutMilliseconds >= 0 else {
            throw PluginFailure(.invalidArgument, "the timeout \(timeoutMilliseconds) ms is negative")
        }
        if context.engine.drain(timeout: .milliseconds(timeoutMilliseconds)) { return PluginResult.ok.rawValue }
        if handle.isClosing {
            throw PluginFailure(.closed, "the inputclick_context was closed while draining")
        }
        throw PluginFailure(.timeout, "the clicks accepted on '\(context.device)' had not sounded out within \(timeoutMilliseconds) ms, or the stream closed first (state: \(context.engine.player.state))")
    }
}

@c(inputclick_stream_format)
public func inputclickStreamFormat(_ context: OpaquePointer?, _ sampleRate: UnsafeMutablePointer<Int32>?,
                                   _ channels: UnsafeMutablePointer<Int32>?, _ periodFrames: UnsafeMutablePointer<Int32>?,
                                   _ bufferFrames: UnsafeMutablePointer<Int32>?) -> Int32 {
    ExportCall.withContext("inputclick_stream_format", context) { _, context throws(PluginFailure) -> Int32 in
        guard let format = context.engine.player.statistics.format else {
            throw PluginFailure(.noStream, "no stream is open on '\(context.device)' (state: \(context.engine.player.state))")
        }
        sampleRate?.pointee = Int32(clamping: format.sampleRate)
        channels?.pointee = Int32(clamping: format.channels)
        periodFrames?.pointee = Int32(clamping: format.periodFrames)
        bufferFrames?.pointee = Int32(clamping: format.bufferFrames)
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_statistic)
public func inputclickStatistic(_ context: OpaquePointer?, _ which: Int32, _ value: UnsafeMutablePointer<UInt64>?) -> Int32 {
    ExportCall.withContext("inputclick_statistic", context) { _, context throws(PluginFailure) -> Int32 in
        guard let value else { throw PluginFailure(.invalidArgument, "the out-pointer for the value is NULL") }
        let statistics = context.engine.player.statistics
        let number: Int
        switch which {
        case HeaderConstants.Statistic.opens: number = statistics.opens
        case HeaderConstants.Statistic.faults: number = statistics.faults
        case HeaderConstants.Statistic.underruns: number = statistics.underruns
        case HeaderConstants.Statistic.suspends: number = statistics.suspends
        case HeaderConstants.Statistic.droppedClicks: number = statistics.droppedClicks
        case HeaderConstants.Statistic.realtime: number = statistics.isRealtime ? 1 : 0
        case HeaderConstants.Statistic.scheduling:
            guard let scheduling = statistics.scheduling else {
                throw PluginFailure(.noStream, "no stream is open on '\(context.device)', so no scheduling is in force")
            }
            number = Int(HeaderConstants.code(for: scheduling))
        case HeaderConstants.Statistic.queueFull: number = statistics.queueFullClicks
        case HeaderConstants.Statistic.held: number = statistics.heldClicks
        case HeaderConstants.Statistic.heldDropped: number = statistics.heldClicksDropped
        case HeaderConstants.Statistic.lostWithDevice: number = statistics.clicksLostWithDevice
        case HeaderConstants.Statistic.staleDropped: number = statistics.staleClicksDropped
        case HeaderConstants.Statistic.abandonedCalls: number = statistics.abandonedDeviceCalls
        case HeaderConstants.Statistic.suspect: number = statistics.suspectClicks
        default:
            throw PluginFailure(.invalidArgument,
                                "counter \(which) is not one of INPUTCLICK_STAT_OPENS (\(HeaderConstants.Statistic.opens)) "
                                    + "to INPUTCLICK_STAT_SUSPECT (\(HeaderConstants.Statistic.suspect))")
        }
        value.pointee = UInt64(max(0, number))
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_last_warning)
public func inputclickLastWarning(_ context: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int32 {
    ExportCall.withContext("inputclick_last_warning", context) { _, context throws(PluginFailure) -> Int32 in
        try CStringArguments.copy(context.warnings.mostRecent, into: buffer, size: size)
    }
}
