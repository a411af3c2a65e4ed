import InputClick

// Opening and closing contexts. See inputclick.h for each function's contract.

@c(inputclick_open)
public func inputclickOpen(_ device: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    ExportCall.run("inputclick_open") { () throws(PluginFailure) -> Int32 in
        out?.pointee = nil
        guard let out else { throw PluginFailure(.invalidArgument, "the out-pointer for the context is NULL") }
        var values = PluginOptionValues()
        if let device {
            values.device = try CStringArguments.read(device, what: "device name",
                                                      maximumBytes: PluginOptionValues.maximumDeviceNameBytes)
        }
        out.pointee = try PluginContext.handle(options: values)
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_open_with_options)
public func inputclickOpenWithOptions(_ options: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    ExportCall.run("inputclick_open_with_options") { () throws(PluginFailure) -> Int32 in
        out?.pointee = nil
        guard let out else { throw PluginFailure(.invalidArgument, "the out-pointer for the context is NULL") }
        var values = PluginOptionValues()
        if options != nil {
            values = try PluginHandle.with(options, .options, as: PluginOptions.self) {
                _, options throws(PluginFailure) -> PluginOptionValues in
                options.values.withLock { $0 }
            }
        }
        out.pointee = try PluginContext.handle(options: values)
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_close)
public func inputclickClose(_ context: OpaquePointer?) -> Int32 {
    ExportCall.run("inputclick_close") { () throws(PluginFailure) -> Int32 in
        // Shutting the player down first wakes waits under way on other threads.
        try PluginHandle.close(context, .context, as: PluginContext.self,
                               interrupt: { $0.engine.player.shutdown() }) { context in
            context.shutdown()
        }
        return PluginResult.ok.rawValue
    }
}
