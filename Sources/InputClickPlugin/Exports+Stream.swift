#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InputClick

// The stream: state, waiting for it, its format and counters, and warnings.
// See inputclick.h for each function's contract.

/// `int inputclick_state(inputclick_context *ctx)`.
///
/// Thread context: any thread; lock-free.
@c(inputclick_state)
public func inputclickState(_ context: OpaquePointer?) -> Int32 {
    ExportCall.withContext("inputclick_state", context) { _, context throws(PluginFailure) -> Int32 in
        guard let state = PluginStreamState(context.engine.player.state) else {
            throw PluginFailure(.closed, "the inputclick_context is closing")
        }
        return state.rawValue
    }
}

/// `int inputclick_wait_until_running(inputclick_context *ctx, int timeout_ms)`.
///
/// Polls the player's state every millisecond: the stream opens on the
/// player's control queue, which reports no completion to wait on, and a
/// poll also notices a close begun on another thread.
///
/// Thread context: any thread; blocks up to `timeout_ms`.
@c(inputclick_wait_until_running)
public func inputclickWaitUntilRunning(_ context: OpaquePointer?, _ timeoutMilliseconds: Int32) -> Int32 {
    ExportCall.withContext("inputclick_wait_until_running", context) { handle, context throws(PluginFailure) -> Int32 in
        guard timeoutMilliseconds >= 0 else {
            throw PluginFailure(.invalidArgument, "the timeout \(timeoutMilliseconds) ms is negative")
        }
        let deadline = MonotonicClock.now() &+ UInt64(timeoutMilliseconds) * 1_000_000
        while true {
            guard context.engine.gate.isClickEnabledInputViewVisible else {
                throw PluginFailure(.noStream, "no click-enabled input view is visible, so no stream opens; report one with inputclick_set_visible_views first")
            }
            if context.engine.player.state == .running && context.engine.player.isAcceptingClicks {
                return PluginResult.ok.rawValue
            }
            if handle.isClosing {
                throw PluginFailure(.closed, "the inputclick_context was closed while waiting")
            }
            if MonotonicClock.now() >= deadline { break }
            usleep(1_000)
        }
        if context.engine.player.state == .waitingForDevice {
            let warning = context.warnings.mostRecent
            throw PluginFailure(.deviceUnavailable, warning.isEmpty
                ? "audio device '\(context.device)' could not be opened within \(timeoutMilliseconds) ms"
                : warning)
        }
        throw PluginFailure(.timeout, "the stream on '\(context.device)' was not running within \(timeoutMilliseconds) ms (state: \(context.engine.player.state))")
    }
}

/// `int inputclick_stream_format(inputclick_context *ctx, int *sample_rate, int *channels, int *period_frames, int *buffer_frames)`.
///
/// Thread context: any thread; takes the player's short statistics lock.
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

/// `int inputclick_statistic(inputclick_context *ctx, int which, uint64_t *value)`.
///
/// Thread context: any thread; takes the player's short statistics lock.
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
        default:
            throw PluginFailure(.invalidArgument,
                                "counter \(which) is not one of INPUTCLICK_STAT_OPENS (\(HeaderConstants.Statistic.opens)) "
                                    + "to INPUTCLICK_STAT_QUEUE_FULL (\(HeaderConstants.Statistic.queueFull))")
        }
        value.pointee = UInt64(max(0, number))
        return PluginResult.ok.rawValue
    }
}

/// `int inputclick_last_warning(inputclick_context *ctx, char *buf, size_t size)`.
///
/// Thread context: any thread; takes the warning log's short lock.
@c(inputclick_last_warning)
public func inputclickLastWarning(_ context: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int32 {
    ExportCall.withContext("inputclick_last_warning", context) { _, context throws(PluginFailure) -> Int32 in
        try CStringArguments.copy(context.warnings.mostRecent, into: buffer, size: size)
    }
}
