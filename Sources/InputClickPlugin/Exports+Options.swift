import CInputClick
import InputClick

// inputclick_options: create, destroy and the setters. See inputclick.h for
// each function's contract.

@c(inputclick_options_create)
public func inputclickOptionsCreate(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    ExportCall.run("inputclick_options_create") { () throws(PluginFailure) -> Int32 in
        guard let out else { throw PluginFailure(.invalidArgument, "the out-pointer for the options handle is NULL") }
        out.pointee = try PluginHandle.make(.options, payload: PluginOptions())
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_destroy)
public func inputclickOptionsDestroy(_ options: OpaquePointer?) -> Int32 {
    ExportCall.run("inputclick_options_destroy") { () throws(PluginFailure) -> Int32 in
        try PluginHandle.close(options, .options, as: PluginOptions.self) { _ in }
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_set_device)
public func inputclickOptionsSetDevice(_ options: OpaquePointer?, _ device: UnsafePointer<CChar>?) -> Int32 {
    ExportCall.withOptions("inputclick_options_set_device", options) { options throws(PluginFailure) -> Int32 in
        let name = try device.map { pointer throws(PluginFailure) in
            try CStringArguments.read(pointer, what: "device name", maximumBytes: PluginOptionValues.maximumDeviceNameBytes)
        } ?? "default"
        options.values.withLock { $0.device = name }
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_set_latency_profile)
public func inputclickOptionsSetLatencyProfile(_ options: OpaquePointer?, _ profile: Int32) -> Int32 {
    ExportCall.withOptions("inputclick_options_set_latency_profile", options) { options throws(PluginFailure) -> Int32 in
        guard let latency = HeaderConstants.latencyProfile(profile) else {
            throw PluginFailure(.invalidArgument, "latency profile \(profile) is not INPUTCLICK_LATENCY_PROFILE_LOW "
                                + "(\(HeaderConstants.latencyProfileLow)) or INPUTCLICK_LATENCY_PROFILE_CONSERVATIVE "
                                + "(\(HeaderConstants.latencyProfileConservative))")
        }
        options.values.withLock { $0.latency = latency }
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_set_server_latency)
public func inputclickOptionsSetServerLatency(_ options: OpaquePointer?, _ policy: Int32) -> Int32 {
    ExportCall.withOptions("inputclick_options_set_server_latency", options) { options throws(PluginFailure) -> Int32 in
        guard let serverLatency = HeaderConstants.serverLatency(policy) else {
            throw PluginFailure(.invalidArgument, "server latency \(policy) is not INPUTCLICK_SERVER_LATENCY_LOWEST (0), "
                                + "_BALANCED (1) or _ECONOMY (2)")
        }
        options.values.withLock { $0.serverLatency = serverLatency }
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_set_backend)
public func inputclickOptionsSetBackend(_ options: OpaquePointer?, _ backend: Int32) -> Int32 {
    ExportCall.withOptions("inputclick_options_set_backend", options) { options throws(PluginFailure) -> Int32 in
        guard let preference = HeaderConstants.backend(backend) else {
            throw PluginFailure(.invalidArgument, "backend \(backend) is not INPUTCLICK_BACKEND_AUTO (0), _ALSA (1), "
                                + "_PIPEWIRE (2) or _PULSEAUDIO (3)")
        }
        options.values.withLock { $0.backend = preference }
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_set_latency_frames)
public func inputclickOptionsSetLatencyFrames(_ options: OpaquePointer?, _ periodFrames: Int32, _ periods: Int32) -> Int32 {
    ExportCall.withOptions("inputclick_options_set_latency_frames", options) { options throws(PluginFailure) -> Int32 in
        let frameRange = PluginOptionValues.periodFramesRange, countRange = PluginOptionValues.periodCountRange
        guard frameRange.contains(Int(periodFrames)) else {
            throw PluginFailure(.invalidArgument, "period size \(periodFrames) frames is outside \(frameRange.lowerBound) to \(frameRange.upperBound)")
        }
        guard countRange.contains(Int(periods)) else {
            throw PluginFailure(.invalidArgument, "period count \(periods) is outside \(countRange.lowerBound) to \(countRange.upperBound)")
        }
        options.values.withLock { $0.latency = .explicit(periodFrames: Int(periodFrames), periodCount: Int(periods)) }
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_set_linger_ms)
public func inputclickOptionsSetLingerMilliseconds(_ options: OpaquePointer?, _ milliseconds: Int32) -> Int32 {
    ExportCall.withOptions("inputclick_options_set_linger_ms", options) { options throws(PluginFailure) -> Int32 in
        let range = PluginOptionValues.lingerRange
        guard range.contains(Int(milliseconds)) else {
            throw PluginFailure(.invalidArgument, "linger \(milliseconds) ms is outside \(range.lowerBound) to \(range.upperBound)")
        }
        options.values.withLock { $0.lingerMilliseconds = Int(milliseconds) }
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_set_settings_file)
public func inputclickOptionsSetSettingsFile(_ options: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    ExportCall.withOptions("inputclick_options_set_settings_file", options) { options throws(PluginFailure) -> Int32 in
        let file = try path.map { pointer throws(PluginFailure) in
            try CStringArguments.read(pointer, what: "settings file path", maximumBytes: PluginOptionValues.maximumPathBytes)
        }
        options.values.withLock { $0.settingsFile = file }
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_set_watch_settings)
public func inputclickOptionsSetWatchSettings(_ options: OpaquePointer?, _ watch: Int32) -> Int32 {
    ExportCall.withOptions("inputclick_options_set_watch_settings", options) { options throws(PluginFailure) -> Int32 in
        options.values.withLock { $0.watchesSettings = watch != 0 }
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_set_warnings_to_stderr)
public func inputclickOptionsSetWarningsToStandardError(_ options: OpaquePointer?, _ enabled: Int32) -> Int32 {
    ExportCall.withOptions("inputclick_options_set_warnings_to_stderr", options) { options throws(PluginFailure) -> Int32 in
        options.values.withLock { $0.warningsToStandardError = enabled != 0 }
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_options_set_log_callback)
public func inputclickOptionsSetLogCallback(_ options: OpaquePointer?, _ callback: inputclick_log_callback?,
                                            _ userdata: UnsafeMutableRawPointer?) -> Int32 {
    ExportCall.withOptions("inputclick_options_set_log_callback", options) { options throws(PluginFailure) -> Int32 in
        options.values.withLock { $0.logCallback = callback.map { WarningLog.Callback(function: $0, userdata: userdata) } }
        return PluginResult.ok.rawValue
    }
}
